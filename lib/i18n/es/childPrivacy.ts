import type { childPrivacy as en } from "../en/childPrivacy.ts";
import type { Translation } from "../shape.ts";

export const childPrivacy: Translation<typeof en> = {
  notices: {
    requested: "Solicitud enviada. El administrador del equipo decidirá y le avisaremos por correo en cualquier caso.",
    alreadyRequested: "Ya lo pidió. El administrador del equipo todavía no ha decidido.",
    saved: "Guardado. Las demás familias ahora ven a su hijo como usted eligió.",
    reasonTooLong: "El motivo debe tener menos de {max} caracteres.",
    notFound: "Jugador no encontrado",
  },
  heading: "Quién ve a su hijo",
  hideLastName: "Mostrar a las demás familias solo la inicial del apellido de {firstName}",
  hidePhoto: "Ocultar la foto de {firstName} a las demás familias",
  hint:
    "Usted y el administrador del equipo siempre ven todo. La plantilla pública nunca muestra más que la inicial del apellido.",
  save: "Guardar preferencia",
  moreChoices: "Pedir que lo quiten de la plantilla y sus demás opciones de privacidad",
  removalHeading: "Quitar de la plantilla",
  removalLabel: "¿Por qué? (opcional)",
  removalButton: "Pedir que quiten a {firstName}",
  removalHint:
    "Decide el administrador del equipo. Si acepta, la ficha, la foto, las estadísticas y los vínculos de su hijo se borran para siempre.",
  removalPending: "Lo pidió el {date}. El administrador del equipo todavía no ha decidido.",
  badPrivacy: "hideLastName y hidePhoto deben ser ambos true o false",
  badReason: "reason debe ser texto",
  notGuardian: "Solo un padre o madre de este jugador puede hacer esto.",
  adminHeading: "Solicitudes para quitar jugadores",
  adminIntro: "Un padre pidió sacar a su hijo de la plantilla. Si lo aprueba, el jugador se borra para siempre.",
  requestedBy: "Pedido por {name} el {date}",
  noReason: "No dio ningún motivo.",
  approve: "Aprobar y quitar",
  deny: "Rechazar",
  denyReasonLabel: "Motivo para el padre o la madre (obligatorio)",
  denyReasonRequired: "Explíquele al padre o la madre por qué.",
  denyReasonTooLong: "El motivo debe tener menos de {max} caracteres.",
  approved: "Solicitud aprobada. Quitamos al jugador y le avisamos al padre o la madre por correo.",
  denied: "Solicitud rechazada. Le enviamos su motivo al padre o la madre por correo.",
  requestNotFound: "Esta solicitud ya se decidió o ya no existe.",
  tile: "Solicitudes para quitar jugadores",
};
