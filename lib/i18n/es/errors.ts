import type { errors as en } from "../en/errors.ts";
import type { Translation } from "../shape.ts";

export const errors: Translation<typeof en> = {
  titles: {
    notFound: "404 Página no encontrada",
    forbidden: "Acceso denegado",
    tooMany: "Demasiadas solicitudes",
    busy: "Ocupado",
    server: "Algo salió mal",
    bad: "Solicitud incorrecta",
  },
  notFoundLines: ["No encontramos la página que busca.", "Es posible que el enlace esté incompleto o ya no exista."],
  goHome: "Ir al inicio",
  server: "Algo salió mal de nuestro lado. Inténtelo de nuevo.",
  refused: "Solicitud rechazada.",
  notFound: "No encontrado",
  bad: "Solicitud incorrecta.",
  bodyTooLarge: "El contenido de la solicitud es demasiado grande.",
  notJson: "El Content-Type debe ser application/json.",
  bodyUnreadable: "No se pudo leer el contenido de la solicitud.",
  crossOrigin: "Solicitud de otro origen rechazada.",
};
