import type { signupPages as en } from "../en/signupPages.ts";
import type { Translation } from "../shape.ts";

export const signupPages: Translation<typeof en> = {
  pageTitle: "Cree su equipo",
  pageDescription: "Cree gratis en GoalMates un equipo para los padres de su equipo de fútbol juvenil.",
  lead: "GoalMates es gratis para todo el equipo. Toma más o menos un minuto.",
  success: {
    verifiedAs: "{email} quedó verificado y usted ya inició sesión como administrador del equipo.",
    next: "Ahora invite a las familias de su equipo con un solo enlace compartido desde su panel.",
    goToDashboard: "Ir al panel",
  },
  verifyPage: {
    title: "Verificación del correo",
    noScript: "Pulse el botón para terminar de verificar su correo y crear su equipo.",
    verifyButton: "Verificar mi correo",
    verifying: "Verificando su correo...",
    ready: "{team} está listo.",
    readyNext: "{team} está listo. Falta un paso para terminar su registro.",
    yourTeam: "Su equipo",
    continueSignup: "Continuar el registro",
    signIn: "Iniciar sesión",
    backToSignup: "Volver al registro",
  },
  celebration: {
    title: "Equipo creado",
    heading: "¡{team} ya está en GoalMates!",
    yourTeam: "Su equipo",
    lead: "Invite a las familias de su equipo con un solo enlace compartido y disfrute la temporada.",
    countdown: {
      one: "Lo llevamos a su panel familiar en {count} segundo...",
      other: "Lo llevamos a su panel familiar en {count} segundos...",
    },
    staying: "Se queda en esta página. Use el botón cuando esté listo.",
    goToDashboard: "Ir al panel familiar",
    stay: "Quedarme aquí",
  },
  messages: {
    verificationFailed: "No se pudo verificar",
    invalidLink: "El enlace de verificación no es válido o ya venció. Intente registrarse de nuevo.",
    alreadyVerified: "Este correo ya está verificado y su equipo está listo. Inicie sesión.",
    emailVerified: "¡Correo verificado!",
    teamCreated: "¡Equipo creado con éxito!",
  },
};
