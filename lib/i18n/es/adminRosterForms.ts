import type { adminRosterForms as en } from "../en/adminRosterForms.ts";
import type { Translation } from "../shape.ts";

export const adminRosterForms: Translation<typeof en> = {
  titles: {
    add: "Agregar jugador",
    import: "Importar CSV",
    edit: "Editar #{jersey} {name}",
    remove: "Quitar #{jersey} {name}",
    notFound: "Jugador no encontrado",
  },
  fields: {
    firstName: "Nombre",
    lastName: "Apellido",
    jerseyNumber: "Camiseta (0–99)",
    position: "Posición",
    birthYear: "Año de nacimiento",
    yearsPlaying: "Años jugando",
    seasonStats: "Estadísticas de la temporada",
    gamesPlayed: "Partidos jugados",
    goals: "Goles",
    assists: "Asistencias",
  },
  addPlayer: "Agregar jugador",
  saveChanges: "Guardar cambios",
  cancel: "Cancelar",
  error: "Error",
  removeWarning: "Esto quita al jugador de la plantilla, junto con los vínculos de sus padres. No se puede deshacer.",
  removePlayer: "Quitar jugador",
  importForm: {
    hint:
      "Fila de encabezado: firstName, lastName, jerseyNumber, position, parentEmails. No se guarda nada hasta que presione Importar.",
    file: "Archivo CSV",
    paste: "O pegue el CSV",
    preview: "Vista previa",
    import: "Importar",
  },
  preview: {
    ready: {
      one: "{count} fila lista para importar, {invalid} con errores.",
      other: "{count} filas listas para importar, {invalid} con errores.",
    },
    fixRows: "Corrija las filas con errores antes de importar.",
    caption: "Vista previa de la importación",
    line: "Línea",
    jersey: "Camiseta",
    name: "Nombre",
    position: "Posición",
    parentEmails: "Correos de los padres",
    check: "Revisión",
    noName: "(sin nombre)",
    ok: "OK",
    okWith: "OK. {warnings}",
  },
  notices: {
    added: "Jugador agregado",
    updated: "Jugador actualizado",
    removed: "Jugador quitado",
    imported: "Jugadores importados",
    importedCount: { one: "{count} jugador importado", other: "{count} jugadores importados" },
  },
};
