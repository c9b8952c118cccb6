import type { retention as en } from "../en/retention.ts";
import type { Translation } from "../shape.ts";

export const retention: Translation<typeof en> = {
  "unverified-signup": {
    period: "24 horas",
    what: "Un registro cuyo correo electrónico nunca se confirmó",
    text:
      "Si empieza a registrarse y nunca hace clic en el enlace que le enviamos por correo, todo lo que escribió se borra a las 24 horas.",
  },
  "expired-link": {
    period: "en cuanto vence el enlace",
    what:
      "Los enlaces que enviamos por correo (iniciar sesión, confirmar su dirección, editar los datos de su hijo, cambiar su correo)",
    text:
      "Cada enlace que enviamos por correo funciona una sola vez y se borra en cuanto se usa o vence: los de inicio de sesión a los 15 minutos, los de registro y cambio de correo a las 24 horas, y los de edición a los 7 días.",
  },
  "link-renewal": {
    period: "7 días",
    what: "La nota que permite que un enlace de inicio de sesión vencido ofrezca uno nuevo",
    text:
      "Para que al abrir un enlace de inicio de sesión viejo podamos ofrecerle uno nuevo, recordamos para qué dirección era durante 7 días después de que vence.",
  },
  "rate-limit": {
    period: "en cuanto termina su periodo (a más tardar 48 horas)",
    what: "Conteos de intentos (inicios de sesión, registros, publicaciones) que usamos para frenar abusos",
    text:
      "Para frenar abusos contamos los intentos de cada dirección durante un periodo corto; cada conteo se borra cuando termina su periodo, a más tardar 48 horas después.",
  },
  session: {
    period: "en cuanto termina la sesión",
    what: "Sesiones iniciadas (qué dispositivo tiene la sesión abierta y cuándo se usó por última vez)",
    text:
      "Una sesión se borra cuando termina: cuando usted cierra sesión, a los 30 días para padres y jugadores (o a los 30 días sin usarla), y a las 12 horas para los accesos de equipo y de administración.",
  },
  "undecided-request": {
    period: "30 días",
    what: "Solicitudes de vínculo y de ingreso que ningún administrador del equipo ha respondido",
    text:
      "Una solicitud de vínculo o de ingreso que ningún administrador del equipo responde en 30 días se borra, junto con su nombre y correo. Puede enviarla otra vez.",
  },
  "failed-mail": {
    period: "30 días",
    what: "Correos que no pudimos entregar",
    text: "Un correo que no pudimos entregar se guarda 30 días para averiguar qué salió mal, y después se borra.",
  },
  "dev-outbox": {
    period: "7 días",
    what: "Correos de prueba guardados en un servidor que no envía correos (solo en desarrollo)",
    text:
      "En un servidor de prueba que no envía correos, los mensajes que habría enviado se guardan 7 días y después se borran.",
  },
  "security-event": {
    period: "90 días",
    what:
      "El registro de los cambios y decisiones de los administradores (quién aprobó una solicitud, cambió la configuración, quitó una foto)",
    text:
      "El registro de quién cambió qué en un equipo (aprobó una solicitud, cambió la configuración, quitó una foto) se borra a los 90 días. Los eventos de seguridad, como los intentos de inicio de sesión rechazados, nunca se guardan con sus datos.",
  },
};
