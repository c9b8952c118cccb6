import type { adminClaims as en } from "../en/adminClaims.ts";
import type { Translation } from "../shape.ts";

export const adminClaims: Translation<typeof en> = {
  title: "Solicitudes",
  countsLabel: "Resumen de solicitudes",
  export: "Exportar solicitudes",
  empty: {
    heading: "Aún no hay solicitudes",
    text:
      "Cuando los padres soliciten un jugador en la plantilla pública, o pidan unirse con su enlace de invitación, aparecerán aquí.",
  },
  pendingHeading: "Solicitudes pendientes",
  nothingPending: "No hay nada pendiente de revisión.",
  morePending: "Más solicitudes pendientes",
  processedHeading: "Solicitudes resueltas",
  noDecisions: "Todavía no hay decisiones.",
  olderProcessed: "Solicitudes resueltas anteriores",
  columns: {
    type: "Tipo",
    parent: "Padre o madre",
    email: "Correo electrónico",
    player: "Jugador",
    target: "Camiseta / apellido",
    note: "Nota",
    date: "Fecha",
    actions: "Acciones",
    status: "Estado",
    decided: "Resuelta",
  },
  status: { approved: "Aprobada", denied: "Rechazada" },
  actions: {
    approve: "Aprobar",
    deny: "Rechazar",
    approveFrom: "Aprobar la solicitud de {requester}",
    denyFrom: "Rechazar la solicitud de {requester}",
    playerFor: "Jugador para la solicitud de {requester}",
    choosePlayer: "Elija un jugador",
    approvedTitle: "Solicitud aprobada",
    deniedTitle: "Solicitud rechazada",
    errorTitle: "Error",
    alreadyDecided: "Ya resuelta",
  },
  statusQuery: "status debe ser uno de estos valores: {statuses}",
};
