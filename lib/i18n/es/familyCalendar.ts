import type { familyCalendar as en } from "../en/familyCalendar.ts";
import type { Translation } from "../shape.ts";

export const familyCalendar: Translation<typeof en> = {
  title: "Su calendario familiar",
  intro:
    "Todos los partidos y entrenamientos de sus equipos en la app de calendario que ya usa, en su teléfono y su computadora. Se actualiza solo: los partidos nuevos, los cambios de hora y las cancelaciones aparecen por sí solos.",
  link: {
    heading: "Su enlace de calendario",
    https: "Enlace del calendario",
    httpsHint: "Péguelo en Outlook o en cualquier app de calendario que se suscriba a un calendario por su dirección.",
    webcal: "Enlace de suscripción (webcal)",
    webcalHint: "El mismo calendario: al abrirlo en un iPhone, iPad o Mac, le pide a Calendario de Apple suscribirse.",
    shareTitle: "Mi calendario de GoalMates",
    copy: "Copiar enlace",
    copied: "¡Enlace del calendario copiado!",
    google: "Agregar a Google Calendar",
    apple: "Abrir en Calendario de Apple",
    created: "Enlace creado el {date}.",
    none:
      "Todavía no tiene un enlace de calendario. Cree uno y agréguelo una vez a su app de calendario: desde entonces se actualiza solo.",
    create: "Crear mi enlace de calendario",
  },
  teams: {
    none: "Todavía no está en ningún equipo: el calendario queda vacío hasta que se una a uno, y luego se llena solo.",
    includes: "Incluye {teams}, y cualquier equipo al que se una después; un equipo del que salga desaparece.",
    willInclude: "Incluirá {teams}, y cualquier equipo al que se una después; un equipo del que salga desaparece.",
    lastTwo: "{first} y {last}",
  },
  help: {
    heading: "Agréguelo a su calendario",
    google: {
      title: "Google Calendar",
      text:
        "En una computadora, elija {add} y confirme. O, en Google Calendar, junto a “Otros calendarios” elija + y luego {fromUrl}, y pegue su enlace de calendario. También aparece en Google Calendar de su teléfono.",
      fromUrl: "Desde URL",
    },
    apple: {
      title: "Calendario de Apple y iPhone",
      text:
        "En su iPhone, iPad o Mac, abra esta página y elija {open}, luego Suscribirse. O vaya a Ajustes → Calendario → Cuentas → Añadir cuenta → Otra → {subscribed}, y pegue su enlace de calendario.",
      subscribed: "Añadir calendario suscrito",
    },
    outlook: {
      title: "Outlook",
      text:
        "En Outlook, elija {add} → {subscribe} (Outlook para Windows: Desde Internet), pegue su enlace de calendario, póngale un nombre y guárdelo.",
      add: "Agregar calendario",
      subscribe: "Suscribirse desde la web",
    },
    delay:
      "Las apps de calendario buscan cambios según su propio horario, desde cada hora hasta unas pocas veces al día: Google y Outlook pueden tardar varias horas en mostrar un cambio.",
  },
  private: {
    heading: "Manténgalo privado",
    text:
      "Cualquiera que tenga este enlace puede ver lo que muestra: los partidos y entrenamientos de sus equipos (títulos, horarios y lugares) y su nombre. Nada más: ni plantilla, ni mensajes, ni fotos. Compártalo solo con sus propios calendarios. Si alguien más lo obtuvo, restablézcalo: el enlace viejo deja de funcionar de inmediato, y usted agrega el nuevo a sus apps de calendario otra vez.",
    reset: "Restablecer enlace",
    revoke: "Desactivar",
    revokeHint: "Desactivado, el enlace deja de funcionar; sus apps de calendario dejan de actualizarlo.",
  },
  messages: {
    personalAccountNeeded:
      "El calendario familiar es de una persona. Inicie sesión con su propio correo para obtener un enlace de calendario; el acceso del equipo no tiene uno.",
    created: "Su enlace de calendario está listo. Agréguelo a su app de calendario más abajo.",
    reset:
      "Se restableció su enlace de calendario. El enlace viejo ya no funciona: agregue el nuevo a sus apps de calendario.",
    revoked: "Se desactivó su enlace de calendario. Las apps de calendario que lo usan dejarán de actualizarse.",
    tooManyFetches: {
      one: "Este enlace de calendario se consultó demasiadas veces. Inténtelo de nuevo en {count} minuto.",
      other: "Este enlace de calendario se consultó demasiadas veces. Inténtelo de nuevo en {count} minutos.",
    },
  },
};
