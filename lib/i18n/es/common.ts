import type { common as en } from "../en/common.ts";
import type { Translation } from "../shape.ts";

export const common: Translation<typeof en> = {
  skipToMain: "Ir al contenido principal",
  siteDescription:
    "GoalMates es la aplicación comunitaria gratuita para los padres de un equipo de fútbol juvenil: el equipo detrás del equipo.",
  language: {
    label: "Idioma",
    change: "Cambiar idioma",
  },
  client: {
    signedOut: "No autorizado: su sesión se cerró. Iniciando sesión de nuevo...",
    cannotConnect: "No se pudo conectar con el servidor",
    dismissNotification: "Cerrar aviso",
  },
};
