import type { players as en } from "../en/players.ts";
import type { Translation } from "../shape.ts";

export const players: Translation<typeof en> = {
  firstName: "El nombre es obligatorio",
  lastName: "El apellido es obligatorio",
  jersey: "El número de camiseta debe estar entre 0 y 99",
  position: "La posición debe ser texto",
  photoUrl: "Escriba una URL válida",
  photoElsewhere: "Use una foto subida a GoalMates",
  photoThroughDialog: "Para cambiar o quitar la foto, use Cambiar foto.",
  birthYear: "El año de nacimiento debe estar entre {min} y {max}",
  yearsPlaying: "Los años jugando deben estar entre 0 y 30",
  stats: "Partidos, goles y asistencias deben ser números enteros de 0 a 999",
  firstNameTooLong: "El nombre debe tener como máximo {max} caracteres",
  lastNameTooLong: "El apellido debe tener como máximo {max} caracteres",
  positionTooLong: "La posición debe tener como máximo {max} caracteres",
  unknownField: "Campo desconocido: {name}",
  body: "Envíe el jugador como un objeto JSON",
};
