import type { layout as en } from "../en/layout.ts";
import type { Translation } from "../shape.ts";

export const layout: Translation<typeof en> = {
  header: {
    nav: "Cuenta",
    teamLogin: "Iniciar sesión",
    hub: "Su panel",
    account: "Cuenta:",
    signedInAs: "Sesión iniciada como",
    teamLoginName: "{name} (acceso del equipo)",
  },
  footer: {
    brand: "GoalMates · gratis para todo el equipo",
    nav: "Pie de página",
    about: "Quiénes somos",
    howItWorks: "Cómo funciona",
    privacy: "Privacidad",
    yourData: "Sus datos",
    contact: "Contacto",
  },
  menu: {
    label: "Menú de la cuenta:",
    hub: "Su panel",
    notifications: "Notificaciones",
    privacy: "Sus datos y privacidad",
    teamAdmin: "Administrar el equipo",
    signOut: "Cerrar sesión",
  },
};
