import type { mail as en } from "../en/mail.ts";
import type { Translation } from "../shape.ts";

export const mail: Translation<typeof en> = {
  hello: "Hola, {name}:",
  helloAnyone: "Hola:",
  and: "y",
  buttonFallback: "Si el botón no funciona, abra esta dirección: {url}",
  footer: "GoalMates · el equipo detrás del equipo. Recibe este correo porque alguien usó esta dirección en GoalMates.",
  utc: "{when} (hora UTC)",
  verification: {
    subject: "Verifique su correo para crear {team} en GoalMates",
    confirm: "Confirme esta dirección y crearemos {team} para usted.",
    expiry: "El enlace funciona una sola vez y vence en 24 horas. Si usted no se registró, ignore este correo.",
    action: "Verificar mi correo",
  },
  signIn: {
    subject: "Su enlace para iniciar sesión en GoalMates",
    use: "Use el botón de abajo para iniciar sesión en GoalMates.",
    expiry: "El enlace funciona una sola vez y vence en 15 minutos. Si usted no lo pidió, ignore este correo.",
    action: "Iniciar sesión",
  },
  claimApproved: {
    subject: "Se aprobó su solicitud por {player} en {team}",
    approved: "Un administrador de {team} aprobó su solicitud: ahora aparece como padre o madre de {player}.",
    link:
      "Use el enlace seguro de abajo para revisar y actualizar los datos de su hijo o hija. Funciona una sola vez y vence en 7 días.",
    action: "Actualizar datos del jugador",
  },
  joinApproved: {
    subject: "Le damos la bienvenida a {team} en GoalMates",
    approved: "Se aprobó su solicitud para unirse a {team}.",
    signIn: "Use el botón de abajo para iniciar sesión. El enlace funciona una sola vez y vence en 15 minutos.",
    action: "Iniciar sesión en GoalMates",
  },
  test: {
    subject: "[Prueba] {subject}",
    teamName: "Equipo de prueba",
  },
  coAdminInvite: {
    subject: "Ahora puede administrar {team} en GoalMates",
    made:
      "{invitedBy} le dio acceso de administrador de {team}: puede revisar solicitudes y administrar la plantilla y el enlace de invitación.",
    signIn:
      "Use el botón de abajo para iniciar sesión. El enlace funciona una sola vez y vence en 15 minutos; después, pida uno nuevo en la página de inicio de sesión.",
    action: "Abrir la administración del equipo",
  },
  passwordChanged: {
    subjectSet: "Se creó una contraseña para su cuenta de GoalMates",
    subjectChanged: "Se cambió la contraseña de su cuenta de GoalMates",
    whatSet:
      "Se creó una contraseña para su cuenta de GoalMates el {when}. Se cerraron todas las demás sesiones de la cuenta.",
    whatChanged:
      "Se cambió la contraseña de su cuenta de GoalMates el {when}. Se cerraron todas las demás sesiones de la cuenta.",
    wasYou: "Si fue usted, no tiene que hacer nada.",
    notYou:
      "Si no fue usted, inicie sesión con un enlace por correo en {link}, cambie la contraseña en la página de su cuenta y cierre la sesión en todos sus dispositivos.",
    action: "Revisar su cuenta",
  },
  emailChangeConfirm: {
    subject: "Confirme su nuevo correo para GoalMates",
    asked: "Alguien que inició sesión en GoalMates pidió usar {email} como el correo de su cuenta.",
    confirm:
      "Si fue usted, confírmelo con el botón de abajo. El enlace funciona una sola vez y vence en 24 horas. Si no fue usted, ignore este correo: no cambiará nada.",
    action: "Confirmar el nuevo correo",
  },
  emailChangeTaken: {
    subject: "Alguien intentó usar su correo en GoalMates",
    tried:
      "Alguien que inició sesión en otra cuenta de GoalMates pidió cambiar su correo a {email}. Esta dirección ya tiene una cuenta de GoalMates, así que no se cambió nada.",
    wasYou: "Si fue usted, inicie sesión con esta dirección en {link}. Si no fue usted, no tiene que hacer nada.",
  },
  emailChanged: {
    subject: "Se cambió el correo de su cuenta de GoalMates",
    changed:
      "El correo de su cuenta de GoalMates se cambió a {email} el {when}. Los enlaces para iniciar sesión ahora llegan allí.",
    wasYou:
      "Si fue usted, no tiene que hacer nada. Si no fue usted, comuníquese de inmediato con el administrador de su equipo.",
    action: "Revisar su cuenta",
  },
  adminRequests: {
    requests: { one: "{count} solicitud nueva", other: "{count} solicitudes nuevas" },
    linkAsks: {
      one: "{count} pedido de un nuevo enlace de invitación",
      other: "{count} pedidos de un nuevo enlace de invitación",
    },
    subject: "{what} para {team}",
    waiting: {
      one: "{count} solicitud nueva para unirse a {team} espera su revisión:",
      other: "{count} solicitudes nuevas para unirse a {team} esperan su revisión:",
    },
    more: "…y {count} más en la página de solicitudes.",
    hearFromUs: "Cada familia recibirá noticias nuestras en cuanto usted apruebe su solicitud.",
    expired: {
      one: "Una persona cuyo enlace de invitación a {team} venció pidió uno nuevo:",
      other: "Personas cuyo enlace de invitación a {team} venció pidieron uno nuevo:",
    },
    generate: "Cree un nuevo enlace de invitación en el panel del equipo ({link}) y envíeselo.",
    removals: {
      one:
        "{count} solicitud de los padres para retirar a un jugador también espera en la página de solicitudes ({link}).",
      other:
        "{count} solicitudes de los padres para retirar a un jugador también esperan en la página de solicitudes ({link}).",
    },
    howOften: "Reunimos las solicitudes nuevas y le escribimos como máximo una vez cada 15 minutos.",
    review: "Revisar solicitudes",
    openDashboard: "Abrir el panel del equipo",
    claim: "Solicitud de {email} por {child}",
    joinAsPlayer: "Solicitud para unirse de {name} ({email}) como el jugador {child}",
    joinAsParent: "Solicitud para unirse de {name} ({email}) como padre o madre de {child}",
    jerseyUnknown: "{surname} (número de camiseta desconocido)",
  },
  requestPending: {
    subject: "Su solicitud para unirse a {teams} espera al administrador del equipo",
    nothingYet: {
      one:
        "Alguien pidió un enlace de GoalMates para iniciar sesión con esta dirección. Todavía no puede iniciar sesión: su solicitud espera al administrador de {teams}.",
      other:
        "Alguien pidió un enlace de GoalMates para iniciar sesión con esta dirección. Todavía no puede iniciar sesión: sus solicitudes esperan al administrador de {teams}.",
    },
    soon:
      "Le enviaremos un enlace para iniciar sesión en cuanto el administrador del equipo dé su aprobación. Hasta entonces no tiene que hacer nada.",
    notYou: "Si usted no pidió un enlace para iniciar sesión, ignore este correo.",
  },
  memberRemoved: {
    subject: "Ya no es miembro de {team} en GoalMates",
    removed:
      "Un administrador de {team} retiró su cuenta del equipo en GoalMates. Ya no ve su panel familiar ni su plantilla como miembro. Sus publicaciones allí se quedan; si elimina su cuenta de GoalMates, se borran.",
    seasons: "Los equipos cambian de una temporada a otra, y puede que esto solo sea una actualización de la lista.",
    rejoin:
      "Si quiere volver, pida al equipo su enlace de invitación y envíe desde allí una solicitud para unirse: el administrador del equipo la revisará. Su cuenta de GoalMates y los demás equipos a los que pertenece no se ven afectados.",
  },
  childRemovalApproved: {
    subject: "{child} ya no está en {team}",
    approved: "El administrador de {team} aprobó su solicitud: {child} ya no está en la plantilla.",
    deleted:
      "Borramos el registro de {child} con su foto, sus estadísticas y los vínculos con sus padres. Las publicaciones de otras familias siguen siendo de ellas.",
    untouched:
      "Su propia cuenta no cambia. Puede dejar el equipo o eliminar su cuenta desde su página de privacidad cuando quiera.",
    action: "Abrir mi página de privacidad",
  },
  childRemovalDenied: {
    subject: "Su solicitud sobre {child} en {team}",
    notRemoved: "El administrador de {team} no retiró a {child} de la plantilla. Escribió:",
    reason: "“{reason}”",
    still:
      "Aún puede ocultar el apellido y la foto de {child} a las demás familias, hablar con el administrador del equipo o volver a pedirlo.",
    action: "Abrir mi página de privacidad",
  },
  accountDeleted: {
    subject: "Se eliminó su cuenta de GoalMates",
    deleted:
      "Eliminamos su cuenta de GoalMates como lo pidió. Su perfil, sus equipos, publicaciones, fotos, recomendaciones, respuestas y solicitudes ya no existen, y se cerró la sesión en todos sus dispositivos.",
    votes:
      "Los resultados de las encuestas siguen contando su voto, sin su nombre. Los registros del equipo sobre cambios anteriores ahora muestran un identificador anónimo en lugar de su nombre.",
    last:
      "Este es el último correo que le enviamos. Si algún día quiere volver, regístrese en {link} como una persona nueva.",
  },
  notification: {
    why:
      "Recibe este correo porque es miembro de {teams} y tiene activado “{kind}” en sus opciones de notificación de GoalMates.",
    stop: "Dejar de recibir estos correos",
    allChoices: "Todas las opciones de notificación",
    openGoalMates: "Abrir GoalMates",
  },
  news: {
    subject: "Noticias de {teams}",
    subjectCount: "{count} noticias de {team}",
    moreOnTeam: "y {count} más en el panel del equipo",
    moreOnTeams: "y {count} más en los paneles de sus equipos",
    openTeam: "Abrir el panel de {team}",
    someAdmin: "Un administrador del equipo",
  },
  schedule: {
    subject: { one: "Cambio de horario de {team}", other: "{count} cambios de horario de {team}" },
    intro: {
      one: "El calendario de {team} tiene un cambio en las próximas dos semanas:",
      other: "El calendario de {team} tiene {count} cambios en las próximas dos semanas:",
    },
    cancelled: "Cancelado",
    moved: "Reprogramado",
    removed: "Eliminado",
    fromTo: "antes {from}, ahora {to}",
    at: "en {location}",
    noLocation: "sin lugar indicado",
    more: {
      one: "y {count} cambio más: el panel muestra el nuevo horario",
      other: "y {count} cambios más: el panel muestra el nuevo horario",
    },
    action: "Ver el horario",
  },
  digest: {
    subject: "Su semana con {teams}",
    intro: "Este es el resumen de su semana con {teams}.",
    posts: "Publicaciones de esta semana:",
    kudos: "Felicitaciones de {author}",
    kudosTo: "Felicitaciones de {author} para {player}",
    advice: "Consejo de {author}",
    news: "Noticia de {author}",
    more: "y {count} más",
    photos: {
      one: "{count} foto nueva en la galería del equipo.",
      other: "{count} fotos nuevas en la galería del equipo.",
    },
    photoAlt: "Foto compartida por {name} el {weekday}",
    comingUp: "En los próximos 7 días:",
    waiting: "Esperan su respuesta:",
    campaign: "Campaña",
    campaignTypes: { poll: "Encuesta", question: "Pregunta", fun_fact: "Dato curioso", newsflash: "Aviso" },
    eventTypes: { game: "Partido", practice: "Entrenamiento", event: "Evento" },
    cancelled: "CANCELADO:",
    home: "vs {opponent}",
    away: "@ {opponent}",
    openTeam: "Abrir {team}",
  },
  calendarFeed: {
    name: "GoalMates – Equipos de {name}",
    nameAnyone: "GoalMates – Mis equipos",
    description: "Partidos y entrenamientos de sus equipos de GoalMates",
    cancelled: "CANCELADO:",
    tentative: "La hora o el lugar pueden cambiar",
    eventTypes: { game: "Partido", practice: "Entrenamiento", event: "Evento" },
  },
};
