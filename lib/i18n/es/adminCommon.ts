import type { adminCommon as en } from "../en/adminCommon.ts";
import type { Translation } from "../shape.ts";

export const adminCommon: Translation<typeof en> = {
  numbers: {
    players: "Jugadores",
    playersWithParent: "Jugadores con familia vinculada",
    parentsWithAccess: "Padres con acceso",
    hasParent: "Familia vinculada",
    noParentYet: "Sin familia vinculada",
    claims: { pending: "Solicitudes pendientes", approved: "Solicitudes aprobadas", denied: "Solicitudes rechazadas" },
    removalRequests: "Solicitudes de baja",
    coverage: "{part} de {whole}",
  },
  claimLine: {
    surname: "Apellido {surname}",
    joinRequest: "Solicitud para unirse ({userType})",
    claim: "Solicitud de jugador",
    userTypes: { parent: "padre o madre", player: "jugador" },
    possiblePlayers: { one: "{count} jugador posible", other: "{count} jugadores posibles" },
    noMatch: "Ningún jugador coincide",
  },
  copy: {
    failed: "No se pudo copiar",
    failedHint: "Seleccione el enlace y cópielo usted mismo.",
  },
};
