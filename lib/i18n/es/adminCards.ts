import type { adminCards as en } from "../en/adminCards.ts";
import type { Translation } from "../shape.ts";

export const adminCards: Translation<typeof en> = {
  pending: {
    heading: "Solicitudes pendientes",
    viewAll: "Ver todas",
    viewAllCount: { one: "{count} solicitud pendiente", other: "{count} solicitudes pendientes" },
    empty:
      "No hay solicitudes pendientes. Aquí aparecen las nuevas solicitudes desde la plantilla y los pedidos para unirse al equipo.",
    choosePlayer: "Elegir jugador",
  },
  invite: {
    heading: "Enlace de invitación",
    intro: "Comparta un solo enlace con las familias de su equipo: ellas piden unirse y usted las aprueba.",
    urlLabel: "Enlace de invitación del equipo",
    expired: "Vencido",
    expiresIn: "Vence en {time}",
    used: { one: "Usado {count} vez", other: "Usado {count} veces" },
    preview: "Vista previa",
    opensInNewTab: "(se abre en una pestaña nueva)",
    share: "Compartir",
    copy: "Copiar",
    shareTitle: "Únase a {team} en GoalMates",
    copied: "¡Enlace de invitación copiado!",
    regenerateWarning: "Al generar un enlace nuevo, el actual deja de funcionar de inmediato.",
    regenerateConfirm: "¿Generar un nuevo enlace de invitación?",
    generate: "Generar nuevo",
    generating: "Generando...",
    errorTitle: "Error",
    regenerateFailed: "No se pudo generar un enlace nuevo",
    regeneratedTitle: "Nuevo enlace de invitación",
    regeneratedText: "El enlace anterior ya no funciona.",
  },
};
