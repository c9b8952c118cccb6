import type { auth as en } from "../en/auth.ts";
import type { Translation } from "../shape.ts";

export const auth: Translation<typeof en> = {
  messages: {
    magicLinkSent: "¡Enlace de acceso enviado!",
    checkEmail: "Revise su dirección de correo electrónico e inténtelo de nuevo.",
    loginFailed: "Correo electrónico o contraseña incorrectos. Inténtelo de nuevo.",
    teamLoginFailed: "Usuario o contraseña incorrectos. Inténtelo de nuevo.",
    sysadminFailed: "Credenciales no válidas",
    sysadminMissing: "Ingrese su correo electrónico y su contraseña.",
    linkInvalid: "Este enlace de acceso no es válido, ya venció o ya se usó. Pida uno nuevo.",
    currentPasswordRequired: "Ingrese su contraseña actual.",
    currentPasswordWrong: "Su contraseña actual es incorrecta.",
    passwordChanged: "Contraseña actualizada. Se cerraron sus otras sesiones.",
    teamAccountNoPassword: "Inicie sesión con su propia cuenta para crear una contraseña.",
    reauthRequired:
      "Por su seguridad, vuelva a iniciar sesión y luego cree su contraseña en los siguientes 10 minutos.",
    teamLoginNoAccessManagement:
      "El acceso compartido del equipo no puede cambiar ese acceso ni a los administradores. Inicie sesión con su propia cuenta.",
    tooManyAttempts: {
      one: "Demasiados intentos de inicio de sesión. Inténtelo de nuevo en {count} minuto.",
      other: "Demasiados intentos de inicio de sesión. Inténtelo de nuevo en {count} minutos.",
    },
    tooManyLinks: {
      one: "Se pidieron demasiados enlaces de acceso. Inténtelo de nuevo en {count} minuto.",
      other: "Se pidieron demasiados enlaces de acceso. Inténtelo de nuevo en {count} minutos.",
    },
  },
  password: {
    missing: "Escriba una contraseña nueva.",
    tooLong: "La contraseña debe tener como máximo {max} caracteres.",
    tooShort: "La contraseña debe tener al menos {min} caracteres.",
    common: "Esta contraseña es demasiado común. Elija otra.",
  },
  teamLogin: {
    title: "Acceso al equipo",
    description:
      "Inicie sesión en su equipo de GoalMates con un enlace de acceso o con su contraseña de administrador del equipo.",
    lead: "Inicie sesión en su equipo de GoalMates.",
    backHome: "Volver al inicio",
    signedOut: "No autorizado: su sesión se cerró. Iniciando sesión de nuevo...",
  },
  devHint: {
    title: "Modo de desarrollo: cuentas de demostración",
    account: "{email}, {role}",
    roles: {
      TEAM_ADMIN: "el administrador del equipo de demostración",
      TEAM_STANDARD: "un padre de familia",
      PLAYER: "un jugador",
    },
    password: "(contraseña {password})",
    outbox: "Sin configuración SMTP, los enlaces de acceso llegan a la bandeja de salida en {link}.",
  },
  magicLink: {
    title: "Iniciar sesión",
    heading: "Inicie sesión en GoalMates",
    lead: "Presione Continuar para terminar de iniciar sesión en este dispositivo.",
    continue: "Continuar",
  },
  linkExpired: {
    title: "Enlace vencido",
    body:
      "Este enlace de acceso no es válido, ya venció o ya se usó. Los enlaces de acceso funcionan una sola vez, durante 15 minutos.",
    offerFresh: "Podemos enviarle un enlace nuevo a la misma dirección de correo.",
    sendFresh: "Enviarme un enlace nuevo",
    otherWay: "Iniciar sesión de otra forma",
    requestNew: "Pedir un enlace nuevo",
  },
  freshLinkSent: {
    title: "Revise su correo",
    body: "Le enviamos un enlace nuevo a su correo. Funciona una sola vez, durante 15 minutos.",
    notThere: "¿No le llegó? Revise su carpeta de spam o {link}.",
    otherWay: "inicie sesión de otra forma",
  },
  signOut: {
    title: "¿Cerrar sesión?",
    question: "¿Desea cerrar sesión en GoalMates en este dispositivo?",
    button: "Cerrar sesión",
    stay: "No, mantener la sesión abierta",
  },
};
