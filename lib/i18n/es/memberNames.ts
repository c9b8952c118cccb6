import type { memberNames as en } from "../en/memberNames.ts";
import type { Translation } from "../shape.ts";

export const memberNames: Translation<typeof en> = {
  parentOf: "Familia de {child}",
  teamAdmin: "Administración del equipo",
  member: "Un miembro del equipo",
  sysadmin: "Administrador del sistema",
};
