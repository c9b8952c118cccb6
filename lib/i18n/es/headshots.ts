import type { headshots as en } from "../en/headshots.ts";
import type { Translation } from "../shape.ts";

export const headshots: Translation<typeof en> = {
  change: "Cambiar foto",
  changeOf: "de {name}",
  needsJavaScript: "Para cambiar una foto se necesita JavaScript.",
  dialog: {
    title: "Foto de {name}",
    current: "Foto actual",
    none: "Todavía sin foto",
    newAlt: "Nueva foto de {name}",
    newPhoto: "Foto nueva",
    choose: "Elija una foto",
    hint: "Una imagen, de hasta 10 MB.",
    confirmRemove: "¿Quitar la foto de {name}? Se borrará definitivamente.",
    removing: "Quitando…",
    yesRemove: "Sí, quitar la foto",
    keep: "Conservar la foto",
    remove: "Quitar foto",
    cancel: "Cancelar",
    saving: "Guardando…",
    save: "Guardar foto",
    removed: "Foto eliminada",
    updated: "Foto actualizada",
  },
  errors: {
    tooLarge: "El archivo es demasiado grande",
    invalidType: "Tipo de archivo no válido",
    noUploadUrlCall: "No se pudo obtener la dirección para subir la foto",
    noUploadUrl: "No se recibió la dirección para subir la foto",
    uploadFailed: "No se pudo subir la foto",
    processFailed: "No se pudieron preparar los tamaños de la foto",
    updateFailed: "No se pudo actualizar la foto",
  },
  consent: {
    label: "Mostrar la foto de {name} en la plantilla pública",
    hint:
      "Desactivado salvo que usted lo autorice. Dentro del equipo, los administradores ven la foto, y también las demás familias, a menos que usted se la oculte más abajo.",
    hidden: "La foto de {name} está oculta en la plantilla pública.",
    shown: "La foto de {name} aparece en la plantilla pública.",
    waiting:
      "Usted lo autorizó. La foto de {name} seguirá oculta hasta que el equipo muestre fotos en su plantilla pública.",
    save: "Guardar preferencia",
    saving: "Guardando…",
    failed: "No se pudo guardar su preferencia sobre la foto",
  },
  consentRefusals: {
    notGuardian: "Solo el padre o la madre de este jugador puede decidir si su foto aparece en la plantilla pública.",
    badValue: "public debe ser true o false",
  },
};
