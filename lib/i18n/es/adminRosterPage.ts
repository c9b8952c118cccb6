import type { adminRosterPage as en } from "../en/adminRosterPage.ts";
import type { Translation } from "../shape.ts";

export const adminRosterPage: Translation<typeof en> = {
  title: "Gestión de la plantilla",
  pageTitle: "Gestión de la plantilla · {team}",
  printTitle: "Plantilla de {team} (para imprimir)",
  print: {
    back: "Volver a la plantilla",
    print: "Imprimir / Guardar PDF",
    caption: "Plantilla de {team}",
    parentsEmails: "Correos de los padres",
    total: { one: "{count} jugador", other: "{count} jugadores" },
  },
  import: {
    notCsv: "Suba la plantilla como archivo CSV (Content-Type: text/csv).",
    noHeader: "La primera fila debe nombrar las columnas: {columns}",
    missingColumn: "La fila de encabezado no tiene la columna {name}.",
    unknownColumn: "Columna desconocida: {name}. Las columnas son {columns}.",
    repeatedColumn: "La columna {name} aparece dos veces.",
    empty: "El archivo no tiene filas de jugadores.",
    tooManyRows: "Un archivo puede tener como máximo {max} jugadores.",
    extraCells: "Esta fila tiene más celdas que la fila de encabezado",
    badEmail: "Correo de padre o madre no válido: {email}",
    tooManyEmails: "Como máximo {max} correos de padres por jugador",
    alreadyOnRoster: "Este jugador ya está en la plantilla",
    repeatedRow: "El mismo jugador que en la línea {line}",
    invalid: {
      one: "{count} fila tiene errores; no se importó nada. Corríjala e intente de nuevo.",
      other: "{count} filas tienen errores; no se importó nada. Corríjalas e intente de nuevo.",
    },
    interrupted: "Otro cambio en la plantilla interrumpió la importación; no se importó nada. Intente de nuevo.",
  },
  csv: {
    unclosedQuote: "Línea {line}: un campo entre comillas no se cierra nunca",
    textAfterQuote: "Línea {line}: hay texto inesperado después de las comillas de cierre",
  },
  jersey: {
    shared:
      "La camiseta #{jersey} también la usa {names}. Las solicitudes con ese número le pedirán que elija al jugador.",
    sharedInFile:
      "La camiseta #{jersey} también se usa en la línea {line}. Las solicitudes con ese número le pedirán que elija al jugador.",
  },
  errors: {
    playerNotFound: "Jugador no encontrado",
    teamNotFound: "No se encontró el equipo",
    rosterFull:
      "Un equipo puede tener como máximo {max} jugadores; agregar {adding} superaría el límite. Quite jugadores antes de agregar más.",
  },
};
