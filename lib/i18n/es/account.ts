import type { account as en } from "../en/account.ts";
import type { Translation } from "../shape.ts";

export const account: Translation<typeof en> = {
  title: "Su cuenta",
  signedInAs: "Sesión iniciada como {email}",
  name: {
    heading: "Su nombre",
    firstName: "Nombre",
    lastName: "Apellido",
    save: "Guardar nombre",
  },
  password: {
    changeHeading: "Cambiar contraseña",
    setHeading: "Crear una contraseña",
    changeIntro: "Al cambiar su contraseña se cierran sus demás sesiones.",
    setIntro:
      "Usted inicia sesión con enlaces de acceso. La contraseña es opcional; al crear una se cierran sus demás sesiones.",
    adminHint:
      " Como administrador del equipo, puede usarla en la pestaña Correo y contraseña de la página Iniciar sesión.",
    linkHint: " Los enlaces de inicio de sesión que le enviamos por correo siguen funcionando de todos modos.",
    signInAgain: "Iniciar sesión de nuevo",
    current: "Contraseña actual",
    new: "Nueva contraseña",
    newHint: "Al menos {count} caracteres. Una frase corta funciona bien.",
    again: "Repita la nueva contraseña",
    change: "Cambiar contraseña",
    set: "Crear contraseña",
  },
  notifications: {
    heading: "Notificaciones",
    intro: "Qué correos le envía GoalMates. Cada correo también trae un enlace para dejar de recibir ese tipo.",
    save: "Guardar notificaciones",
  },
  privacyCard: {
    heading: "Sus datos y privacidad",
    text:
      "Vea lo que GoalMates guarda sobre usted y sus hijos, descárguelo, salga de un equipo, elija qué ven de su hijo las demás familias o elimine su cuenta.",
    button: "Sus datos y privacidad",
  },
  sessions: {
    heading: "Cerrar sesión en todas partes",
    text:
      "¿Perdió un teléfono o inició sesión en una computadora compartida? Esto cierra todas las sesiones de su cuenta en todos los dispositivos, incluido este. Tendrá que iniciar sesión de nuevo.",
    button: "Cerrar todas las sesiones",
  },
  signedOut: {
    title: "Sesiones cerradas en todas partes",
    text:
      "Se cerraron todas las sesiones de su cuenta, en todos los dispositivos. Inicie sesión de nuevo para continuar.",
    signIn: "Iniciar sesión",
  },
  teamLogin: {
    title: "Sesión iniciada con el acceso del equipo",
    text:
      "Inició sesión con el usuario compartido del equipo {team}. Ese usuario es del equipo, no de una persona{why}",
    whyAccount: ", así que no tiene nombre ni contraseña propios que cambiar aquí.",
    whyPrivacy: ", así que no tiene datos personales que mostrar, descargar ni borrar.",
    whyCalendar: ".",
    personalNeeded: "Se necesita una cuenta personal",
    signIn: "Entrar con su correo",
    hub: "Su panel",
  },
  deleted: {
    title: "Cuenta eliminada",
    heading: "Su cuenta fue eliminada",
    gone:
      "Su perfil, sus equipos, publicaciones, fotos, recomendaciones, respuestas y solicitudes ya no están, y se cerró la sesión en todos sus dispositivos. Le enviamos un último correo para confirmarlo.",
    welcomeBack:
      "Los resultados de las encuestas siguen contando su voto, sin su nombre. Puede volver cuando quiera, como alguien nuevo.",
    home: "Ir a la página de inicio",
  },
  emailChange: {
    confirmTitle: "Confirmar nuevo correo",
    confirmText:
      "Pulse Confirmar para que {email} sea el correo de su cuenta de GoalMates. Desde ahora, los enlaces para iniciar sesión llegarán ahí.",
    confirmButton: "Confirmar nuevo correo",
    expiredTitle: "Enlace vencido",
    doneTitle: "Correo cambiado",
    hub: "Ir a su panel",
    failedTitle: "No se cambió el correo",
    account: "Su cuenta",
  },
  privacy: {
    title: "Sus datos y privacidad",
    intro:
      "Lo que GoalMates guarda sobre usted y sus hijos, y lo que puede hacer al respecto. Sesión iniciada como {email}.",
    onThisPage: "En esta página",
    toc: {
      kept: "Qué guardamos",
      download: "Descargar mis datos",
      leave: "Salir de un equipo",
      children: "Sus hijos",
      delete: "Eliminar mi cuenta",
    },
    goTo: {
      leave: "Ir a Salir de un equipo",
      child: "Ir a las opciones de su hijo",
      children: "Ir a Sus hijos",
      delete: "Ir a Eliminar mi cuenta",
    },
    kept: {
      title: "Qué guardamos y por cuánto tiempo",
      intro:
        "GoalMates guarda solo lo que su equipo necesita. Nadie lo ve salvo las personas que permite la configuración de su equipo, y nunca lo vendemos ni mostramos anuncios.",
      untilRemoved: {
        account: {
          what: "Su cuenta",
          text:
            "Su nombre, correo, teléfono y lo que escribió en su perfil. Se guarda hasta que elimine su cuenta más abajo.",
        },
        children: {
          what: "Sus hijos",
          text:
            "La ficha de cada hijo en la plantilla (nombre, número de camiseta, posición, foto y, si se llenaron, edad, años jugando y estadísticas). Se guarda mientras esté en el equipo: hasta que usted pida que lo quiten y el administrador del equipo acepte, o se elimine el equipo.",
        },
        teams: {
          what: "Sus equipos",
          text:
            "A qué equipos pertenece, su función y su familia en cada uno. Se guarda hasta que salga del equipo o elimine su cuenta.",
        },
        shared: {
          what: "Lo que compartió",
          text:
            "Sus publicaciones, fotos de la galería, recomendaciones y respuestas a encuestas. Se guardan hasta que usted (o un administrador del equipo) las borre, o elimine su cuenta.",
        },
        requests: {
          what: "Sus solicitudes de jugador y para unirse",
          text:
            "Lo que le pidió a un administrador del equipo, con su nombre, correo y nota. Una vez respondidas, se guardan hasta que se elimine el equipo o usted elimine su cuenta; sin respuesta, vea más abajo.",
        },
      },
      forAWhile: "Lo que guardamos solo por un tiempo",
      whoSees: "Quién puede ver cada cosa está en nuestra {link}.",
      privacyLink: "página de privacidad",
    },
    download: {
      title: "Descargar mis datos",
      text:
        "Un archivo con todo lo que tenemos sobre usted: su cuenta, equipos, fichas de sus hijos, solicitudes, publicaciones, fotos, recomendaciones, respuestas, sesiones y los registros del equipo que lo mencionan. No incluye su contraseña ni sus enlaces secretos.",
      button: "Descargar mis datos",
    },
    leave: {
      title: "Salir de un equipo",
      text:
        "Al salir, deja el equipo junto con sus vínculos con sus hijos en él; ellos siguen en la plantilla. El equipo desaparece de su panel y de su calendario. Sus publicaciones se quedan hasta que las borre o elimine su cuenta. Puede volver a unirse con el enlace de invitación del equipo.",
      none: "No está en ningún equipo.",
      button: "Salir {team}",
      buttonTeam: "de {team}",
      roles: { TEAM_ADMIN: "Administrador del equipo", TEAM_STANDARD: "Padre o madre", PLAYER: "Jugador" },
    },
    children: {
      title: "Sus hijos",
      text:
        "Quitar a un hijo borra su ficha de la plantilla, su foto, sus estadísticas y sus vínculos con usted. El cambio lo hace el administrador del equipo, así que se lo pedimos por usted y le enviamos su respuesta por correo.",
      none: "No hay ningún hijo vinculado a su cuenta.",
      familySees: "Su familia y los administradores del equipo siempre ven ambos.",
      save: "Guardar opciones de {firstName}",
      asked: "El {date} pidió que quitaran a {firstName} de la plantilla. ",
      waiting: "El administrador del equipo todavía no ha respondido; le escribiremos cuando lo haga.",
      why: "¿Por qué? (opcional, el administrador del equipo lo verá)",
      askRemove: "Pedir que quiten a {firstName} del equipo",
    },
    delete: {
      title: "Eliminar mi cuenta",
      cannotUndo: "Esto no se puede deshacer.",
      removes: " Al eliminar su cuenta se borra, de inmediato y para siempre:",
      items: [
        "su nombre, correo, teléfono, perfil y contraseña;",
        "su lugar en cada equipo y sus vínculos con sus hijos (sus fichas en la plantilla se quedan con el equipo);",
        "sus publicaciones, fotos de la galería, recomendaciones y respuestas a encuestas;",
        "sus solicitudes de jugador y para unirse, su enlace de calendario y todas sus sesiones.",
      ],
      stays:
        "Los resultados de las encuestas mantienen sus conteos sin su nombre, y los registros del equipo sobre lo que hizo no guardan su nombre ni su correo. Le enviamos un último correo para confirmarlo. Más adelante puede registrarse de nuevo con la misma dirección, como alguien nuevo.",
      onlyAdmin:
        "Usted es el único administrador de {teams}. Pase el equipo a otro administrador o elimine el equipo primero.",
      confirmLabel: "Escriba su correo electrónico para confirmar",
      confirmHint: "Es {email}.",
      button: "Eliminar mi cuenta",
    },
  },
  messages: {
    nameSaved: "Se guardó su nombre.",
    profileSaved: "Se guardó su perfil.",
    emailChangeSent: "Enviamos un enlace de confirmación a {email}. Su correo cambiará cuando lo abra.",
    tooManyEmailChanges: {
      one: "Pidió demasiados cambios de correo. Inténtelo de nuevo en {count} minuto.",
      other: "Pidió demasiados cambios de correo. Inténtelo de nuevo en {count} minutos.",
    },
    confirmPassword: "Las dos contraseñas nuevas no coinciden.",
    passwordSet: "Contraseña creada. Se cerraron sus demás sesiones.",
    privacy: {
      personalAccountNeeded:
        "Sus datos y opciones de privacidad son de una persona. Inicie sesión con su propio correo para verlos; el acceso del equipo no guarda datos personales.",
      left: "Salió del equipo. Sus publicaciones se quedan hasta que las borre o elimine su cuenta.",
      onlyAdmin:
        "Usted es el único administrador de este equipo. Pase el equipo a otro administrador o elimine el equipo primero.",
    },
    delete: {
      confirm: "Escriba el correo electrónico de su cuenta para confirmar.",
      mismatch: "Ese no es el correo electrónico de su cuenta. No se eliminó nada.",
      unknownField: "Campo desconocido: {name}",
      gone: "Esta cuenta ya no existe.",
      teamLogin: "El acceso del equipo no tiene una cuenta propia que eliminar. Inicie sesión con su propia cuenta.",
    },
    emailChange: {
      invalid: "Este enlace no es válido o ya venció.",
      taken: "Este correo electrónico ahora pertenece a otra cuenta, así que no se puede agregar a la suya.",
      changed: "Su correo ahora es {email}.",
    },
    coParents: {
      limit: "Un jugador puede tener como máximo 10 correos de padres.",
    },
    notifications: {
      saved: "Se guardaron sus opciones de notificación.",
      nothingToChange: "Envíe al menos uno de teamNews, scheduleChanges y weeklyDigest.",
      notBoolean: "{kind} debe ser true o false.",
      notAnObject: "El cuerpo de la solicitud debe ser un objeto JSON.",
      personalAccountNeeded:
        "Las notificaciones son de una persona: inicie sesión con su propia cuenta para elegirlas.",
    },
  },
};
