import type { adminSettings as en } from "../en/adminSettings.ts";
import type { Translation } from "../shape.ts";

export const adminSettings: Translation<typeof en> = {
  title: "Configuración del equipo",
  documentTitle: "Configuración del equipo · {team}",
  saved: "Configuración guardada",
  errorTitle: "Error",
  copied: "¡Copiado!",
  copiedText: "El enlace de la plantilla pública está en su portapapeles.",
  copyFailed: "Seleccione la dirección y cópiela.",
  team: {
    heading: "Equipo",
    name: "Nombre del equipo",
    season: "Temporada",
    orgName: "Organización",
    timeZone: "Zona horaria",
    publicRosterUrl: "Enlace de la plantilla pública",
    copy: "Copiar",
  },
  claims: {
    heading: "Solicitudes de jugadores",
    instructions: "Instrucciones para las solicitudes",
  },
  visibility: {
    heading: "Visibilidad de la plantilla",
  },
  switches: {
    openClaims: {
      label: "Aceptar solicitudes",
      hint: "Los padres pueden solicitar jugadores en la plantilla pública.",
    },
    allowSurnameFallback: {
      label: "Permitir buscar por apellido",
      hint: "Los padres que no sepan el número de camiseta pueden buscar a su hijo por el apellido.",
    },
    showPhotos: {
      label: "Mostrar fotos",
      hint:
        "Las fotos de los jugadores aparecen en la plantilla pública. Cada familia también debe autorizarlo para su propio hijo.",
    },
    showPositions: { label: "Mostrar posiciones", hint: "Las posiciones aparecen en la plantilla pública." },
    showParentNames: {
      label: "Mostrar nombres de los padres",
      hint: "El nombre de los padres vinculados aparece en la ficha del jugador.",
    },
    showLastNames: { label: "Mostrar apellidos", hint: "El apellido completo en lugar de la inicial." },
  },
  domains: {
    heading: "Dominios de correo permitidos",
    label: "Dominios, uno por línea",
    hint:
      "Para solicitar un jugador o unirse al equipo se necesita un correo de uno de estos dominios. Déjelo vacío para permitir cualquiera.",
  },
  save: "Guardar configuración",
  danger: {
    heading: "Zona de peligro",
    text:
      "Al eliminar el equipo se borran su plantilla, las solicitudes, el acceso de los padres y las fotos. No se puede deshacer.",
    confirm: "Escriba el nombre del equipo ({team}) para confirmar",
    delete: "Eliminar equipo",
  },
  timeZoneHint: {
    admin: "Los horarios de los partidos y las fechas de las publicaciones se muestran en esta zona horaria.",
    calendar:
      "Los horarios de los partidos y las fechas de las publicaciones se muestran en esta zona horaria. Se tomó del calendario de su equipo.",
    default:
      "Los horarios de los partidos y las fechas de las publicaciones se muestran en esta zona horaria. Mientras no elija una, se usará la del calendario de su equipo cuando se sincronice por primera vez.",
  },
  timeZones: {
    unitedStates: "Estados Unidos",
    other: "Otras",
    newYork: "Hora del Este (Nueva York)",
    chicago: "Hora del Centro (Chicago)",
    denver: "Hora de la Montaña (Denver)",
    phoenix: "Hora de la Montaña, sin horario de verano (Phoenix)",
    losAngeles: "Hora del Pacífico (Los Ángeles)",
    anchorage: "Hora de Alaska (Anchorage)",
    honolulu: "Hora de Hawái (Honolulu)",
  },
  rules: {
    body: "Envíe la configuración como un objeto JSON",
    unknownField: "Campo desconocido: {name}",
    name: "El nombre del equipo es obligatorio",
    nameLength: "El nombre del equipo debe tener como máximo 80 caracteres",
    season: "La temporada debe tener como máximo 40 caracteres",
    orgName: "El nombre de la organización debe tener como máximo 80 caracteres",
    claimInstructions: "Las instrucciones para las solicitudes deben tener como máximo 500 caracteres",
    notText: {
      season: "La temporada debe ser texto",
      orgName: "El nombre de la organización debe ser texto",
      claimInstructions: "Las instrucciones para las solicitudes deben ser texto",
    },
    notSwitch: {
      openClaims: "«Aceptar solicitudes» debe ser true o false",
      allowSurnameFallback: "«Permitir buscar por apellido» debe ser true o false",
      showPhotos: "«Mostrar fotos» debe ser true o false",
      showPositions: "«Mostrar posiciones» debe ser true o false",
      showParentNames: "«Mostrar nombres de los padres» debe ser true o false",
      showLastNames: "«Mostrar apellidos» debe ser true o false",
    },
    domains: "Los dominios de correo permitidos deben ser una lista de dominios",
    badDomain: "Dominio de correo no válido: {domain}",
    tooManyDomains: "Como máximo {max} dominios de correo",
    timeZone: "La zona horaria debe ser una zona horaria IANA, como America/Los_Angeles",
    teamNotFound: "No se encontró el equipo",
    confirmDelete: "Escriba el nombre del equipo para confirmar.",
  },
};
