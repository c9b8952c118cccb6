import type { events as en } from "../en/events.ts";
import type { Translation } from "../shape.ts";

export const events: Translation<typeof en> = {
  title: "Próximos eventos",
  cancelled: "CANCELADO:",
  tentative: "La hora o el lugar pueden cambiar",
  emptyTitle: "No hay eventos para mostrar",
  emptyHint:
    "Pídale al administrador del equipo que conecte GoalMates con TeamSnap, PlayMetrics o su aplicación de calendario favorita.",
  today: "Hoy",
  tomorrow: "Mañana",
  location: "Lugar:",
  types: { game: "Partido", practice: "Entrenamiento", event: "Evento" },
  home: "vs. {opponent}",
  away: "@ {opponent}",
  subscribe: "Agregar a mi calendario",
  schedule: {
    failed: "No se pudo actualizar el calendario.",
    failedEvents: "Estos son los últimos eventos que tenía.",
    connectedEmpty: "El calendario del equipo no tiene próximos eventos.",
    connectHint:
      "Agregue el enlace del calendario de su equipo (TeamSnap, PlayMetrics u otro) y las familias verán aquí los próximos eventos.",
    connect: "Conectar su calendario",
  },
};
