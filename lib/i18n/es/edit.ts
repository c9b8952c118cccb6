import type { edit as en } from "../en/edit.ts";
import type { Translation } from "../shape.ts";

export const edit: Translation<typeof en> = {
  title: "Editar jugador",
  validating: "Validando el enlace de edición...",
  invalidLink: "Enlace no válido",
  invalidLinkHint: "Abra el enlace del correo de aprobación o pida uno nuevo al administrador del equipo.",
  goToRoster: "Ir a la plantilla",
  noscriptTitle: "Esta página necesita JavaScript.",
  noscript:
    "Su enlace de edición funciona una sola vez, por eso lo abre la propia página y no un formulario. Active JavaScript y vuelva a cargar la página, o pida un enlace nuevo al administrador del equipo.",
  accessDenied: "Acceso denegado",
  spentHint: "Los enlaces de edición funcionan una sola vez. Pida uno nuevo al administrador del equipo.",
  heading: "Editar a {name}",
  lead: "Los cambios aparecen en la plantilla del equipo en cuanto guarda.",
  error: "Error",
  details: {
    title: "Datos del jugador",
    firstName: "Nombre",
    lastName: "Apellido",
    jersey: "Número de camiseta",
    position: "Posición (opcional)",
    photoUrl: "URL de la foto (opcional)",
    photoHint: "Una foto subida a GoalMates, o déjelo vacío.",
    save: "Guardar cambios",
    saving: "Guardando...",
  },
  emails: {
    title: "Correos de los padres",
    listLabel: "Correos actuales de los padres",
    none: "Todavía no hay correos de los padres.",
    add: "Agregar el correo de un padre o madre",
    addHint: "Esa persona podrá iniciar sesión con un enlace mágico y editar también a este jugador.",
    button: "Agregar correo",
    adding: "Agregando...",
    invalid: "Escriba un correo electrónico válido",
  },
  notice: {
    title: "Aviso de seguridad",
    text:
      "Este enlace de edición vence al usarse: ya se usó, y este navegador puede editar los datos de {name} durante una hora. Para hacer cambios más adelante, inicie sesión o pida un enlace nuevo al administrador del equipo.",
  },
  api: {
    noToken: "No se recibió ningún token",
    invalid: "El token no es válido o ya venció",
    updated: "Los datos del jugador se actualizaron correctamente",
    emailAdded: "Correo agregado",
    lookOnly: "Este enlace de edición funciona. Ábralo en su navegador para editar al jugador.",
  },
};
