import type { hub as en } from "../en/hub.ts";
import type { Translation } from "../shape.ts";

export const hub: Translation<typeof en> = {
  title: "Su panel de GoalMates",
  welcome: "Hola, {name}",
  welcomeTeam: "Hola, {name} · {team}",
  yourAccount: "Su cuenta",
  signOut: "Cerrar sesión",
  switcher: {
    label: "Equipo",
    option: "{team} ({season})",
    submit: "Cambiar de equipo",
  },
  admin: {
    claims: { title: "Solicitudes pendientes", label: "Esperando revisión", action: "Ver solicitudes" },
    roster: { title: "Plantilla", label: { one: "Jugador", other: "Jugadores" }, action: "Editar plantilla" },
    settings: {
      title: "Configuración del equipo",
      label: "Nombre, solicitudes, visibilidad",
      action: "Configurar",
    },
    actions: {
      title: "Acciones rápidas",
      addPlayer: "Agregar jugador",
      importCsv: "Importar CSV",
      exportRoster: "Exportar plantilla",
      pdf: "Generar PDF",
      dashboard: "Panel familiar",
    },
  },
  member: {
    playerTitle: "Acceso de jugador",
    parentTitle: "Acceso de padres",
    playerText: "Vea a sus compañeros en la plantilla pública y comparta publicaciones y fotos en su panel familiar.",
    parentText:
      "Para vincularse con el registro de su hijo, en la plantilla pública de su equipo elija «Solicitar o actualizar jugador» y un administrador del equipo lo revisará.",
    openDashboard: "Abrir el panel familiar",
    viewRosters: "Ver plantillas públicas",
  },
  sysadmin: {
    campaigns: {
      title: "Campañas globales",
      label: "Encuestas, preguntas, datos curiosos y noticias para todos los equipos",
      action: "Administrar campañas",
    },
    teams: { title: "Resumen de equipos", label: { one: "Equipo", other: "Equipos" }, action: "Ver equipos" },
    logs: { title: "Registros del sistema", label: "Quién hizo qué, en cada equipo", action: "Ver registros" },
    outbox: { title: "Bandeja de salida", label: "A quién le escribió la app, y sobre qué", action: "Abrir bandeja" },
  },
  none: {
    title: "Todavía sin equipo",
    text:
      "Todavía no forma parte de ningún equipo. Cree uno, o pídale al administrador de su equipo un enlace de invitación.",
    create: "Crear un equipo",
  },
  community: {
    title: "Arme la comunidad de su equipo",
    text: "Reúna a los padres de su equipo: un solo enlace, una plantilla que los padres pueden vincular y un muro.",
    connect: "Conecte a su equipo",
    seeHowItWorks: "Vea cómo funciona",
    devHint:
      "Modo de desarrollo: inicie sesión como el administrador de prueba coach@example.com (contraseña rockets-demo-2026), el padre parent@example.com o el jugador player@example.com; los enlaces para iniciar sesión aparecen en {link}.",
  },
};
