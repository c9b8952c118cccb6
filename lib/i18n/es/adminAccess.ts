import type { adminAccess as en } from "../en/adminAccess.ts";
import type { Translation } from "../shape.ts";

export const adminAccess: Translation<typeof en> = {
  title: "Acceso",
  login: {
    heading: "Usuario y contraseña del equipo",
    current: "Los ayudantes pueden iniciar sesión en la página de este equipo con el usuario {username}.",
    none:
      "Este equipo todavía no tiene un acceso compartido. Cree uno para que los ayudantes puedan iniciar sesión en la página del equipo sin una cuenta propia.",
    username: "Usuario del equipo",
    password: "Nueva contraseña",
    passwordHint: "Al menos {min} caracteres.",
    save: "Guardar acceso",
  },
  admins: {
    heading: "Administradores del equipo",
    you: "Usted",
    remove: "Quitar",
    removeName: "Quitar a {name}",
    lastAdmin: "Un equipo necesita al menos un administrador: invite a otro antes de irse.",
    inviteLabel: "Invitar a un coadministrador por correo electrónico",
    invite: "Invitar",
  },
  members: {
    heading: "Padres y jugadores",
    intro:
      "Al quitar a alguien, sale del equipo: pierde el acceso a su panel familiar y deja de estar vinculado a sus hijos aquí. Sus publicaciones se quedan. Le avisamos por correo electrónico y puede pedir unirse de nuevo con el enlace de invitación.",
    noMore: "No hay más padres ni jugadores.",
    none: "Todavía no se ha unido ningún padre ni jugador.",
    roles: { TEAM_STANDARD: "Padre o madre", PLAYER: "Jugador" },
    roster: "En la plantilla: {players}",
    parentOf: "Padre o madre de {players}",
    remove: "Quitar",
    confirm: "¿Quitar a {name} de {team}? Le avisaremos por correo electrónico.",
    removeFromTeam: "Quitar del equipo",
    firstPage: "Primera página",
    nextPage: "Página siguiente",
  },
  messages: {
    username: "El usuario debe tener de 3 a 40 letras, números, puntos, guiones o guiones bajos.",
    saved: "Se guardó el acceso del equipo.",
    email: "Escriba un correo electrónico válido.",
    invited: "{email} ahora es administrador de este equipo. Le enviamos por correo un enlace para iniciar sesión.",
    alreadyAdmin: "Esa persona ya es administradora de este equipo.",
    lastAdmin: "Un equipo necesita al menos un administrador.",
    notAdmin: "Esa persona no es administradora de este equipo.",
    removed: "Se quitó al administrador.",
    teamNotFound: "No se encontró el equipo",
  },
  membership: {
    onlyAdmin:
      "Usted es el único administrador de este equipo. Pase el equipo a otro administrador o elimine el equipo primero.",
    notMember: "Usted no es miembro de este equipo.",
    memberNotFound: "Esa persona no es miembro de este equipo.",
    teamNotFound: "No se encontró el equipo",
    removeSelf:
      "No puede quitarse a sí mismo del equipo. Para salir, use «Salir de un equipo» en su página de privacidad.",
    removeAdmin:
      "Esa persona es administradora de este equipo. Primero quítele el rol de administrador en «Administradores del equipo».",
    teamLogin: "El acceso compartido de un equipo no puede salir de él. Inicie sesión con su propia cuenta para salir.",
    left: "Usted salió de {team}. Ya no aparece en su cuenta.",
    removed: "{name} ya no es miembro de este equipo. Le avisamos por correo electrónico.",
    memberRemoved: "Se quitó al miembro. Le avisamos por correo electrónico.",
    tryAgain: "Algo cambió en el equipo en ese mismo momento. Inténtelo de nuevo.",
  },
};
