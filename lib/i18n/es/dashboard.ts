import type { dashboard as en } from "../en/dashboard.ts";
import type { Translation } from "../shape.ts";

export const dashboard: Translation<typeof en> = {
  title: "{team} · Panel familiar",
  heading: "Panel familiar",
  viewAll: {
    title: "{team} · Galería de fotos",
    back: "← Volver al Panel familiar",
    noMore: "No hay más fotos",
    range: "Fotos {from}–{to}, de la más reciente a la más antigua",
    photoLabel: "Foto {n}",
    delete: "Eliminar",
    deleteThis: "Eliminar esta foto",
    pager: "Más fotos",
    newer: "Fotos más recientes",
    older: "Fotos anteriores",
    needsJavaScript:
      "Para agregar fotos se necesita JavaScript: su navegador reduce las fotos grandes antes de enviarlas. Con JavaScript activado, use Agregar fotos en la",
    needsJavaScriptLink: "Galería de fotos del Panel familiar",
    needsJavaScriptEnd: ".",
    badOffset: "offset debe ser un número entero de 0 a {max}",
  },
  photoRefusals: {
    captionTooLong: "El pie de foto puede tener 280 caracteres como máximo",
    caption: "El pie de foto debe ser texto",
    purpose: "Indique si es una foto de la galería o la foto de un jugador",
    size: "Envíe el tamaño del archivo en bytes",
    playerNeeded: "Elija el jugador que aparece en esta foto",
    teamNeeded: "Usted no tiene acceso a este equipo.",
    notUploaded: "Primero suba la foto",
    uploadNotFound: "No se encontró la foto subida",
    alreadyProcessed: "Esta foto ya se procesó",
    stillUploading: "Esta foto todavía se está subiendo",
    wrongPurpose: "Esta foto subida no es para este tipo de foto",
    wrongPlayer: "Esta foto subida es de otro jugador",
    photoNotFound: "No se encontró la foto",
    playerNotFound: "Jugador no encontrado",
    notYours: "Solo puede eliminar sus propias fotos",
    readOnly: "Un administrador del sistema puede ver las fotos, pero no cambiarlas",
    uploadLinkGone: "Este enlace para subir venció o ya se usó. Por favor, inténtelo de nuevo.",
    uploadLinkInvalid: "Este enlace para subir no es válido para usted.",
    tooWide: "Esta imagen es demasiado grande: como máximo 8000 píxeles por lado, por favor.",
    rateLimited: {
      one: "Hoy ha subido muchas fotos. Por favor, inténtelo de nuevo en {count} minuto.",
      other: "Hoy ha subido muchas fotos. Por favor, inténtelo de nuevo en {count} minutos.",
    },
  },
};
