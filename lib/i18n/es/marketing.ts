import type { marketing as en } from "../en/marketing.ts";
import type { Translation } from "../shape.ts";

export const marketing: Translation<typeof en> = {
  titles: {
    about: "Quiénes somos",
    privacy: "Privacidad",
    privacyDescription: "Qué guarda GoalMates sobre los niños y quién puede verlo.",
    contact: "Contacto",
  },
  createTeam: "Crear un equipo",
  seeHowItWorks: "Vea cómo funciona",
  privacyPageLink: "página de privacidad",
  landing: {
    eyebrow: "Gratis para todo el equipo",
    title: "Para el equipo detrás del equipo.",
    subtitle:
      "Los que manejan, los que animan, los que lavan uniformes y los héroes de los gajos de naranja: GoalMates reúne a los padres de su equipo de fútbol juvenil en un solo lugar amigable.",
    what: {
      title: "No es una app de plantillas. Es una comunidad.",
      text:
        "GoalMates no es una herramienta de plantillas ni de calendarios: siga usando la que ya usa su equipo. GoalMates es donde los padres de un equipo se convierten en una comunidad, y es {strong}.",
      strong: "gratis para todo el equipo",
      features: {
        feed: "Un muro del equipo para noticias, porras y para organizar quién lleva a quién",
        gallery: "Una galería de fotos compartida",
        events: "Los próximos eventos, tomados de TeamSnap, PlayMetrics o cualquier calendario ICS",
        gear: "El equipamiento recomendado para la temporada",
        polls: "Encuestas sencillas y datos curiosos",
      },
    },
    familiar: {
      title: "¿Le suena conocido?",
      intro: "Todo equipo tiene estas leyendas. GoalMates es para ellas.",
      cards: {
        oranges: {
          title: "El héroe de las naranjas",
          text:
            "Llega con una hielera llena de naranjas perfectamente cortadas. Nunca le han dado suficientes gracias. Hoy lo arreglamos.",
        },
        unread: {
          title: "143 mensajes sin leer",
          text:
            "En algún lugar entre los memes de tachones y los «gracias» con «responder a todos» está el cambio de cancha. Suerte para encontrarlo.",
        },
        shinGuard: {
          title: "La espinillera perdida",
          text: "Vista por última vez debajo de un asiento del carro en 2023. Seis padres todavía la andan buscando.",
        },
      },
    },
    mvps: {
      title: "Los verdaderos MVP",
      intro: "No todas las estrellas usan tachones. Un aplauso para los adultos que hacen posible la temporada.",
      items: {
        chauffeur: {
          title: "El chofer",
          text: "Cuatro niños, tres asientos elevados, una minivan y cero quejas.",
        },
        cheer: {
          title: "La capitana de la porra",
          text: "Se le oye desde el estacionamiento. Se sabe el nombre de cada jugador.",
        },
        laundry: {
          title: "La leyenda de la lavandería",
          text: "Saca las manchas de pasto de los uniformes blancos. No preguntamos cómo.",
        },
        snacks: {
          title: "El organizador de meriendas",
          text: "Lleva el turno de las meriendas como una torre de control.",
        },
        photographer: {
          title: "La fotógrafa oficial",
          text: "Captó el gol, el abrazo y al perro que se metió a la cancha.",
        },
        firstAid: {
          title: "El amigo de los primeros auxilios",
          text: "Bolsas de hielo, curitas y palabras tranquilas para cada rodilla raspada.",
        },
      },
    },
    compare: {
      title: "Antes y después de GoalMates",
      before: "Antes de GoalMates",
      after: "Después de GoalMates",
      beforeItems: {
        unread: "143 mensajes sin leer, y solo uno importaba",
        snacks: "Nadie sabe a quién le toca la merienda",
        photos: "Las fotos del partido repartidas en diez celulares",
        kickoff: "«Oigan, ¿a qué hora empieza el partido?»",
      },
      afterItems: {
        feed: "Un solo muro amigable que todo el equipo sí lee",
        games: "Los próximos partidos a la vista, sincronizados con su app de calendario",
        photos: "Todas las fotos en una galería compartida",
        names: "Padres que se saben los nombres de los demás (y los números de los niños)",
      },
    },
    steps: {
      title: "Cómo funciona",
      items: {
        account: {
          title: "Cree una cuenta gratis",
          text: "Regístrese, ponga el nombre de su equipo y confirme su correo. Toma unos dos minutos.",
        },
        invite: {
          title: "Invite a su familia futbolera con un solo enlace",
          text: "Compártalo en el chat del grupo. Los padres se unen y encuentran a su hijo o hija.",
        },
        enjoy: {
          title: "Disfrute la temporada",
          text: "Compartan fotos, anímense unos a otros y sepan siempre cuándo es el próximo partido.",
        },
      },
    },
    cta: {
      title: "¿Listo para reunir al equipo detrás del equipo?",
      text: "Gratis para todas las familias. Se configura en minutos. Naranjas no incluidas.",
    },
  },
  about: {
    eyebrow: "Acerca de GoalMates",
    title: "El equipo detrás del equipo, unido",
    lead:
      "GoalMates es una aplicación comunitaria gratuita para los padres de un equipo de fútbol juvenil. Es el lugar donde los adultos que están al lado de la cancha se conocen, comparten la temporada y siguen animando a los niños.",
    what: {
      title: "Qué es GoalMates",
      text:
        "Todo equipo ya tiene un entrenador, un calendario y un chat de grupo que nunca duerme. Lo que casi nunca tiene es un hogar amigable para sus familias. GoalMates le da a cada equipo:",
      items: {
        feed:
          "Un muro del equipo para noticias, porras, organizar quién lleva a quién y alguno que otro objeto perdido",
        gallery: "Una galería de fotos compartida, visible solo para los miembros del equipo que iniciaron sesión",
        events: "Los próximos partidos y entrenamientos, tomados de la app de calendario que su equipo ya usa",
        gear: "El equipamiento recomendado para la temporada, desde tachones hasta impermeables",
        polls: "Encuestas sencillas, preguntas y datos curiosos que ponen a conversar a los padres",
      },
    },
    who: {
      title: "Quién lo hace",
      text:
        "GoalMates lo hace un pequeño equipo de voluntarios, todos padres de futbolistas. Hemos estado bajo la lluvia en partidos a las 8 de la mañana, hemos buscado espinilleras debajo de los asientos del carro y hemos revisado cientos de mensajes sin leer para saber en qué cancha nos tocaba. Hicimos la app que nos hubiera gustado tener en nuestros propios equipos.",
    },
    free: {
      title: "Por qué es gratis",
      text:
        "Un equipo no debería necesitar presupuesto, ni un padre generoso que pague por todos, para sentirse equipo. GoalMates es gratis para todo el equipo: cada administrador, padre y jugador. Lo mantenemos sencillo para que cueste poco operarlo, y nunca lo pagamos con los datos de su familia: no hay anuncios, no vendemos datos y no hay scripts de rastreo. Lea más en nuestra {link}.",
    },
    not: {
      title: "Lo que GoalMates no es",
      text:
        "GoalMates {strong}, y no intenta reemplazar la que usa su club. El administrador de su equipo conecta el calendario del equipo desde TeamSnap, PlayMetrics o cualquier calendario ICS, y GoalMates lee de ahí los próximos eventos y los mantiene sincronizados. Los horarios de los partidos, los cambios de cancha y las inscripciones se quedan donde ya están.",
      strong: "no es una herramienta de plantillas ni de calendarios",
    },
    start: {
      title: "Reúna a su equipo",
      text: "Toma unos minutos y no cuesta nada.",
    },
  },
  privacy: {
    eyebrow: "Los niños primero",
    title: "Privacidad",
    lead:
      "GoalMates trata de equipos deportivos de niños, así que guardamos poco y lo ven pocos. Aquí está exactamente lo que guardamos sobre los jugadores y sus familias, y quién puede verlo.",
    children: {
      title: "Qué guardamos sobre los niños",
      text:
        "De cada jugador, GoalMates guarda el nombre, el apellido, el número de camiseta y la posición. De forma opcional también guarda una foto, el año de nacimiento, los años que lleva jugando y las estadísticas de la temporada (partidos, goles y asistencias). Estos datos los ingresa el administrador del equipo o el padre o la madre del niño, y solo un padre de ese jugador o un administrador del equipo puede cambiarlos.",
    },
    who: {
      title: "Quién puede ver qué",
      caption: "Qué guarda GoalMates y quién puede verlo",
      whatColumn: "Qué guardamos",
      whoColumn: "Quién puede verlo",
      rows: {
        rosterBasics: {
          what: "Nombre del jugador, inicial del apellido, número de camiseta y posición",
          who: "Cualquier persona que abra la página pública de la plantilla del equipo.",
        },
        lastNameAndPhoto: {
          what: "Apellido completo y foto del jugador",
          who: "En la plantilla pública, solo si el administrador del equipo lo activa.",
        },
        details: {
          what: "Edad del jugador (según el año de nacimiento), años jugando y estadísticas de la temporada",
          who:
            "Solo después de que el administrador del equipo o un padre los ingrese; entonces aparecen en la ficha del jugador, que se abre desde la plantilla pública.",
        },
        parentNames: {
          what: "Nombres de los padres",
          who:
            "Los miembros del equipo que iniciaron sesión. En la plantilla pública, solo si el administrador del equipo lo activa.",
        },
        parentContacts: {
          what: "Correos electrónicos y teléfonos de los padres",
          who: "Nunca son públicos. Las cuentas de jugador tampoco pueden verlos.",
        },
        claims: {
          what: "Solicitudes de vínculo (un padre que pide que lo vinculen con un niño)",
          who: "Solo los administradores de ese equipo.",
        },
        teamSpace: {
          what: "Publicaciones del muro, fotos de la galería y datos de la familia",
          who: "Solo los miembros de ese equipo que iniciaron sesión.",
        },
      },
    },
    roster: {
      title: "La plantilla pública",
      text:
        "De forma predeterminada, la página pública de la plantilla de un equipo muestra solo el nombre de cada jugador, la inicial de su apellido, su número de camiseta y su posición. Las fotos, los apellidos completos y los nombres de los padres aparecen ahí solo si el administrador del equipo los activa en la configuración del equipo. Los datos opcionales (edad, años jugando, estadísticas de la temporada) aparecen en la ficha de un jugador solo cuando el administrador del equipo o un padre los ha llenado, así que déjelos en blanco si prefiere no compartirlos. Los correos y teléfonos de los padres nunca se muestran públicamente.",
    },
    photos: {
      title: "Fotos",
      reencoded:
        "Cada foto que se sube se vuelve a codificar antes de que alguien la vea. En ese proceso se eliminan los datos de ubicación (GPS) y todos los demás datos EXIF, y el archivo tal como se subió nunca se le muestra a nadie. Las fotos de la galería solo las ven los miembros de ese equipo que iniciaron sesión.",
      stored:
        "De cada foto, GoalMates guarda tres tamaños recodificados (con el lado más largo de 2048, 800 y 320 píxeles como máximo), su descripción, quién la subió y cuándo. No guarda nombres de archivo, datos de la cámara ni ubicación. El archivo tal como se subió se borra en cuanto se vuelve a codificar, y en menos de una hora si la subida nunca terminó. La foto de un jugador aparece en la plantilla pública solo si el administrador del equipo activa las fotos.",
    },
    removing: {
      title: "Cómo borrar cosas",
      items: {
        own: "Los padres pueden borrar sus propias publicaciones y fotos.",
        admins: "Los administradores del equipo pueden quitar cualquier publicación o foto de su equipo.",
        team: "Al borrar un equipo se eliminan todos sus registros e imágenes.",
        player: "Al quitar a un jugador, o su foto, también se borran los archivos de la foto.",
      },
    },
    retention: {
      title: "Cuánto tiempo guardamos las cosas",
      text:
        "Su cuenta, sus publicaciones y fotos y el registro de su hijo en la plantilla se quedan hasta que usted o el administrador de su equipo los borren, o hasta que se borre el equipo. Todo lo de abajo se borra solo, sin que nadie lo pida:",
      caption: "Qué borra GoalMates por sí solo, y cuándo",
      whatColumn: "Qué",
      whenColumn: "Se borra",
    },
    email: {
      title: "Cómo usamos el correo electrónico",
      text:
        "Usamos su correo electrónico solo para enviarle enlaces para iniciar sesión, para confirmar su dirección y para avisarle de las decisiones sobre sus solicitudes de vínculo y de ingreso al equipo. Los enlaces para iniciar sesión funcionan una sola vez y vencen a los 15 minutos.",
    },
    ads: {
      title: "Sin anuncios, sin ventas, sin rastreo",
      text: "GoalMates no muestra anuncios, nunca vende datos y no usa scripts de rastreo.",
    },
    questions: {
      title: "Preguntas o solicitudes",
      text:
        "Para corregir o quitar los datos de un jugador, lo más rápido es hablar con el administrador de su equipo o usar el botón «Solicitar o actualizar jugador» en la plantilla pública del equipo. Para cualquier otra cosa, {link}.",
      link: "escríbale al equipo de GoalMates",
    },
  },
  contact: {
    eyebrow: "Escríbanos",
    title: "Contacto",
    lead:
      "GoalMates lo lleva un pequeño equipo de voluntarios, todos padres de futbolistas. Leemos cada mensaje, casi siempre entre una recogida del entrenamiento y otra.",
    email: {
      title: "Envíenos un correo",
      text: "Preguntas, ideas, errores que encontró o una buena historia de gajos de naranja: escríbanos a {email}.",
    },
    player: {
      title: "Cómo cambiar los datos de un jugador",
      text: "Para cualquier cosa sobre los datos de un jugador, lo más rápido es hacerlo dentro del equipo:",
      admin: "Pregúntele al administrador de su equipo.",
      adminText: "Un administrador del equipo puede corregir o quitar a un jugador directamente en la plantilla.",
      claim: "Use el botón «Solicitar o actualizar jugador» en la plantilla pública.",
      claimText:
        "Elija «Solicitar o actualizar jugador» en la plantilla pública de su equipo. Cuando un administrador del equipo lo apruebe, recibirá un correo con un enlace seguro para editar usted mismo los datos de su hijo.",
    },
    privacy: {
      title: "Solicitudes de privacidad",
      text: "Si prefiere escribirnos, envíe un correo a {email} e incluya:",
      teamName: "el nombre del equipo, y",
      childName: "el nombre del niño.",
      enough:
        "Es todo lo que necesitamos para encontrar el registro correcto. Por favor, no nos envíe más datos personales que esos. Puede leer qué guardamos y quién lo ve en nuestra {link}.",
    },
  },
};
