import type { notifications as en } from "../en/notifications.ts";
import type { Translation } from "../shape.ts";

export const notifications: Translation<typeof en> = {
  kinds: {
    teamNews: {
      label: "Noticias del equipo",
      hint: "Un correo cuando un administrador del equipo publica una noticia.",
    },
    scheduleChanges: {
      label: "Cambios de horario",
      hint: "Un correo cuando un partido o entrenamiento de los próximos 14 días se cancela, cambia o se quita.",
    },
    weeklyDigest: {
      label: "Resumen semanal",
      hint: "Un resumen de la semana de sus equipos, los domingos por la noche.",
    },
  },
  unsubscribe: {
    title: "Cancelar suscripción",
    doneTitle: "Suscripción cancelada",
    question: "¿Dejar de recibir de GoalMates los correos de {kind}?",
    othersStay: "Sus demás correos de GoalMates seguirán llegando como siempre.",
    stop: "No recibir más correos de {kind}",
    allChoices: "Todas sus opciones de notificación",
    done: "Su suscripción se canceló",
    doneText: "GoalMates ya no le enviará correos de {kind}. Puede volver a activarlos en su cuenta.",
    unknownLink: "Este enlace para cancelar la suscripción no es válido.",
  },
};
