import type { login as en } from "../en/login.ts";
import type { Translation } from "../shape.ts";

export const login: Translation<typeof en> = {
  tabs: { label: "Cómo iniciar sesión", magic: "Enlace de acceso", password: "Correo y contraseña" },
  fields: {
    email: "Correo electrónico",
    password: "Contraseña",
    teamUsername: "Usuario del equipo",
    showPassword: "Mostrar contraseña",
    hidePassword: "Ocultar contraseña",
  },
  signIn: "Iniciar sesión",
  signingIn: "Iniciando sesión...",
  magic: {
    lead: "Le enviaremos por correo un enlace para iniciar sesión. No necesita contraseña.",
    send: "Enviar enlace de acceso",
    sending: "Enviando...",
    sentTitle: "Revise su correo",
    sent:
      "Si {email} pertenece a una cuenta de GoalMates, le llegará un enlace de acceso. Funciona una sola vez, durante 15 minutos.",
    changeEmail: "Cambiar correo",
    checkInbox: "Busque el enlace de acceso en su bandeja de entrada.",
  },
  password: {
    lead: "Para administradores de equipo que ya crearon una contraseña.",
    redirecting: "Abriendo su equipo...",
  },
  team: {
    passwordHeading: "Usuario y contraseña del equipo",
    magicHeading: "O reciba un enlace de acceso",
    sent: "Si {email} pertenece a este equipo, le llegará un enlace de acceso.",
    opening: "Abriendo el panel de su equipo...",
  },
  toasts: {
    magicLinkFailed: "No se pudo enviar el enlace de acceso",
    magicLinkSent: "¡Enlace de acceso enviado!",
    loginFailed: "No se pudo iniciar sesión",
    loginSuccessful: "Sesión iniciada",
    loginError: "Error al iniciar sesión",
  },
  refused: {
    checkEmail: "Revise su dirección de correo electrónico e inténtelo de nuevo.",
    invalidLogin: "Correo electrónico o contraseña incorrectos. Inténtelo de nuevo.",
    invalidTeamLogin: "Usuario o contraseña incorrectos. Inténtelo de nuevo.",
    missingLogin: "Ingrese su correo electrónico y su contraseña.",
    invalidCredentials: "Credenciales no válidas",
  },
};
