import type { claims as en } from "../en/claims.ts";
import type { Translation } from "../shape.ts";

export const claims: Translation<typeof en> = {
  rules: {
    jersey: "El número de camiseta debe estar entre 0 y 99",
    email: "Ingrese un correo electrónico válido",
    surname: "El apellido del jugador es obligatorio",
    surnameLength: "El apellido del jugador debe tener como máximo {max} caracteres",
    mode: "Elija si quiere buscar a su hijo por número de camiseta o por apellido",
    note: "La nota debe tener como máximo {max} caracteres",
    body: "Envíe la solicitud como un objeto JSON",
    submitted: "Su solicitud se envió correctamente.",
    closed: "Este equipo no está aceptando solicitudes en este momento.",
    jerseyOnly: "Este equipo solo acepta solicitudes por número de camiseta.",
    duplicate: "Ya tiene una solicitud pendiente para este jugador.",
    tooManyPending:
      "Ya tiene {max} solicitudes esperando la revisión del administrador del equipo. Espere a que las revisen.",
    rateLimited: {
      one: "Demasiadas solicitudes desde aquí. Inténtelo de nuevo en {count} minuto.",
      other: "Demasiadas solicitudes desde aquí. Inténtelo de nuevo en {count} minutos.",
    },
    noJersey: "Ningún jugador de esta plantilla usa el número {number}.",
    domain: "Use un correo electrónico de {domains} para solicitar un jugador de este equipo.",
  },
  decisions: {
    notFound: "No se encontró la solicitud",
    alreadyDecided: "Esta solicitud ya fue resuelta.",
    choosePlayer: "Elija a qué jugador corresponde esta solicitud.",
    playerGone: "Ese jugador ya no está en la plantilla.",
    approved:
      "Solicitud aprobada. Le enviamos a la familia un enlace seguro por correo electrónico para actualizar los datos del jugador.",
    denied: "Solicitud rechazada.",
  },
  dialog: {
    open: "Solicitar o actualizar jugador",
    title: "Solicitar jugador",
    lead: "Díganos qué jugador es su hijo. Un administrador del equipo revisa cada solicitud.",
    tabsLabel: "Cómo encontrar a su hijo",
    byJersey: "Por número de camiseta",
    bySurname: "Por apellido",
    jerseyNumber: "Número de camiseta",
    childSurname: "Apellido del jugador",
    email: "Su correo electrónico",
    note: "Nota (opcional)",
    cancel: "Cancelar",
    submit: "Enviar solicitud",
    submitting: "Enviando...",
    loadingRoster: "Cargando la plantilla...",
    claiming: "Solicitud para {players}",
    errorTitle: "Error",
    submittedTitle: "Solicitud enviada",
  },
  form: {
    title: "Solicitar un jugador de {team}",
    pageTitle: "Solicitar un jugador · {team}",
    howToFind: "¿Cómo quiere encontrar a su hijo?",
  },
  steps: {
    title: "Cómo funciona",
    send: "Envíe su solicitud con el correo electrónico que usa.",
    review: "Un administrador del equipo la revisa y la aprueba.",
    link: "Recibirá un correo con un enlace seguro, de un solo uso, para actualizar los datos de su hijo.",
  },
};
