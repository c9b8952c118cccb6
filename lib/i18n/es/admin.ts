import type { admin as en } from "../en/admin.ts";
import type { Translation } from "../shape.ts";

export const admin: Translation<typeof en> = {
  titles: {
    dashboard: "Panel de {team}",
    claims: "Solicitudes · {team}",
    access: "Acceso · {team}",
    teamLogin: "Acceso al equipo · {team}",
    invalidTeam: "Equipo no encontrado",
    dashboardMoved: "El panel cambió de lugar",
  },
  nav: {
    label: "Administración del equipo",
    dashboard: "Panel",
    claims: "Solicitudes",
    pending: "pendientes",
    roster: "Plantilla",
    campaigns: "Campañas",
    access: "Acceso",
    settings: "Configuración",
    backToRoster: "Volver a la plantilla",
    account: "Su cuenta",
    signOut: "Cerrar sesión",
    familyDashboard: "Panel familiar",
  },
  dashboard: {
    numbersLabel: "Números del equipo",
    quickActions: "Acciones rápidas",
    addPlayer: "Agregar jugador",
    shareRoster: "Compartir plantilla",
    shareTitle: "Plantilla de {team}",
    rosterCopied: "¡Enlace de la plantilla copiado!",
  },
  door: {
    loginLead: "Inicie sesión para administrar {team}.",
    ownEmail: "Mejor inicie sesión con su propio correo electrónico",
    movedText: "El panel del equipo es para los administradores. La página de su equipo ahora es el Panel familiar.",
    systemAdmin: "Administración del sistema",
    viewRoster: "Ver la plantilla del equipo",
    invalidText: "No encontramos este equipo. Revise el enlace o inicie sesión para ver sus equipos.",
  },
  accessNotices: {
    invited: "Invitación enviada: ahora es administrador de este equipo y recibió un enlace para iniciar sesión.",
    regenerated: "Se generó un nuevo enlace de invitación. El anterior ya no funciona.",
  },
};
