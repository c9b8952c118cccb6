import type { adminRoster as en } from "../en/adminRoster.ts";
import type { Translation } from "../shape.ts";

export const adminRoster: Translation<typeof en> = {
  toolbar: {
    addPlayer: "Agregar jugador",
    importCsv: "Importar CSV",
    exportCsv: "Exportar CSV",
    generatePdf: "Generar PDF",
  },
  counts: {
    withPhotos: "Con foto",
    withPositions: "Con posición",
  },
  search: {
    label: "Buscar por nombre o número de camiseta",
    button: "Buscar",
    showing: { one: "Mostrando {shown} de {count} jugador", other: "Mostrando {shown} de {count} jugadores" },
  },
  table: {
    caption: "Jugadores",
    jersey: "Camiseta",
    photo: "Foto",
    name: "Nombre",
    position: "Posición",
    status: "Estado",
    actions: "Acciones",
    noMatch: "Ningún jugador coincide con «{query}».",
    empty: "Todavía no hay jugadores. Agregue uno o importe un archivo CSV.",
    shared: "Compartida",
    alsoWornBy: { one: "También la usa {names}", other: "También la usan {names}" },
    photoAlt: "Foto de {name}",
    edit: "Editar",
    remove: "Quitar",
  },
};
