import { intlLocale, type Locale } from '../../../contracts/locale';
import { customerPages, officePages } from '../../../contracts/pages';

/**
 * Update e-mails to a customer about a work order, in their language (office-spec section 5).
 * Plain text like every portal e-mail; each ends with the link to the order and the way to stop
 * update e-mails: a link to a page whose button turns them off (a page, not one click: mail scanners
 * open links; a mail app's own unsubscribe button is one click, through List-Unsubscribe-Post). The spec's words: 'Scheduled: {date}, {from}–{until}' / 'Programada: …'.
 */
export interface Rendered {
  subject: string;
  text: string;
}

export interface OrderMailContext {
  companyName: string;
  orderId: number;
  description: string;
  address: string;
  /** The customer's /work-orders/:id page. */
  orderUrl: string;
  /** The signed opt-out link (a page that asks, then a button). */
  optOutUrl: string;
  timeZone: string;
}

export interface VisitWindow {
  /** YYYY-MM-DD, the company's calendar day. */
  date: string;
  start: Date;
  end: Date;
}

/** The customer's page of a work order, linked from every e-mail about it (the one place its link is built). */
export const customerOrderUrl = (appUrl: string, orderId: number) => `${appUrl}${customerPages.workOrder.href(orderId)}`;
/** The office's page of a work order. */
export const officeOrderUrl = (appUrl: string, orderId: number) => `${appUrl}${officePages.workOrder.href(orderId)}`;

const STATUS_ES: Record<string, string> = {
  Pending: 'Pendiente',
  'In Progress': 'En progreso',
  Complete: 'Completada',
  Cancelled: 'Cancelada',
};
const statusName = (locale: Locale, status: string) => (locale === 'es' ? (STATUS_ES[status] ?? status) : status);

/**
 * 'Thursday, January 15, 2026', '8:00 AM', '10:30 AM CST' in the customer's language and the company's
 * zone. The zone's short name follows the window; on a daylight-saving day whose change falls inside
 * the window each end names its own ('1:30 AM CST–3:00 AM CDT').
 */
function visitWords(locale: Locale, window: VisitWindow, timeZone: string) {
  const day = new Intl.DateTimeFormat(intlLocale[locale], {
    timeZone: 'UTC',
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  const time = new Intl.DateTimeFormat(intlLocale[locale], { timeZone, hour: 'numeric', minute: '2-digit' });
  const zoneFormat = new Intl.DateTimeFormat(intlLocale[locale], { timeZone, timeZoneName: 'short' });
  const zone = (instant: Date) => zoneFormat.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value;
  const [startZone, endZone] = [zone(window.start), zone(window.end)];
  const withZone = (text: string, name: string | undefined) => (name ? `${text} ${name}` : text);
  return {
    date: day.format(new Date(`${window.date}T12:00:00Z`)),
    from: startZone === endZone ? time.format(window.start) : withZone(time.format(window.start), startZone),
    until: withZone(time.format(window.end), endZone),
  };
}

const footer = {
  en: (c: OrderMailContext) =>
    `See your work order: ${c.orderUrl}\n\n` +
    `You get these e-mails because 'E-mail me about updates' is on in your profile. ` +
    `To stop them, open this link and press 'Turn off update e-mails': ${c.optOutUrl}`,
  es: (c: OrderMailContext) =>
    `Vea su orden: ${c.orderUrl}\n\n` +
    `Recibe estos correos porque 'Envíame avisos por correo' está activado en su perfil. ` +
    `Para dejar de recibirlos, abra este enlace y pulse 'Desactivar los avisos por correo': ${c.optOutUrl}`,
};

const about = {
  en: (c: OrderMailContext) => `Work Order #${c.orderId}: ${c.description}\nService address: ${c.address}`,
  es: (c: OrderMailContext) => `Orden #${c.orderId}: ${c.description}\nDirección de servicio: ${c.address}`,
};

export const workOrderTemplates = {
  statusChanged(locale: Locale, c: OrderMailContext, status: string, reason: string | null): Rendered {
    const name = statusName(locale, status);
    if (locale === 'es') {
      return {
        subject: `Su orden #${c.orderId} ahora está: ${name}`,
        text:
          `${c.companyName} actualizó su orden.\n\nEstado: ${name}\n` +
          (reason ? `Motivo: ${reason}\n` : '') +
          `\n${about.es(c)}\n\n${footer.es(c)}`,
      };
    }
    return {
      subject: `Your Work Order #${c.orderId} is now ${name}`,
      text:
        `${c.companyName} updated your work order.\n\nStatus: ${name}\n` +
        (reason ? `Reason: ${reason}\n` : '') +
        `\n${about.en(c)}\n\n${footer.en(c)}`,
    };
  },

  scheduled(locale: Locale, c: OrderMailContext, window: VisitWindow, rescheduled: boolean): Rendered {
    const w = visitWords(locale, window, c.timeZone);
    if (locale === 'es') {
      return {
        subject: rescheduled ? `Nueva fecha para su orden #${c.orderId}: ${w.date}` : `Su orden #${c.orderId} está programada: ${w.date}`,
        text:
          (rescheduled ? `${c.companyName} cambió la fecha de su visita.\n\n` : `${c.companyName} programó su visita.\n\n`) +
          `Programada: ${w.date}, ${w.from}–${w.until}\n` +
          `Llegaremos entre esas horas. El archivo de calendario adjunto la agrega a su calendario` +
          (rescheduled ? ' (y reemplaza la fecha anterior).' : '.') +
          `\n\n${about.es(c)}\n\n${footer.es(c)}`,
      };
    }
    return {
      subject: rescheduled
        ? `New date for your Work Order #${c.orderId}: ${w.date}`
        : `Your Work Order #${c.orderId} is scheduled: ${w.date}`,
      text:
        (rescheduled ? `${c.companyName} moved your visit to a new date.\n\n` : `${c.companyName} scheduled your visit.\n\n`) +
        `Scheduled: ${w.date}, ${w.from}–${w.until}\n` +
        `We will arrive between those times. The attached calendar file adds it to your calendar` +
        (rescheduled ? ' (and replaces the earlier date).' : '.') +
        `\n\n${about.en(c)}\n\n${footer.en(c)}`,
    };
  },

  /** The customer cancelled an order with a visit: the attached calendar file takes the visit off their calendar. */
  cancelledByCustomer(locale: Locale, c: OrderMailContext, window: VisitWindow): Rendered {
    const w = visitWords(locale, window, c.timeZone);
    if (locale === 'es') {
      return {
        subject: `Canceló su orden #${c.orderId}`,
        text:
          `Usted canceló su orden en el portal, así que la visita del ${w.date}, ${w.from}–${w.until} ya no se hará. ` +
          `El archivo de calendario adjunto la quita de su calendario.\n\n${about.es(c)}\n\n${footer.es(c)}`,
      };
    }
    return {
      subject: `You cancelled your Work Order #${c.orderId}`,
      text:
        `You cancelled your work order in the portal, so the visit on ${w.date}, ${w.from}–${w.until} is off. ` +
        `The attached calendar file removes it from your calendar.\n\n${about.en(c)}\n\n${footer.en(c)}`,
    };
  },

  noteAdded(locale: Locale, c: OrderMailContext, note: string): Rendered {
    if (locale === 'es') {
      return {
        subject: `Una nota sobre su orden #${c.orderId}`,
        text: `${c.companyName} dejó una nota en su orden:\n\n${note}\n\n${about.es(c)}\n\n${footer.es(c)}`,
      };
    }
    return {
      subject: `A note on your Work Order #${c.orderId}`,
      text: `${c.companyName} left a note on your work order:\n\n${note}\n\n${about.en(c)}\n\n${footer.en(c)}`,
    };
  },

  /** The calendar event's title and description. */
  calendar(locale: Locale, c: OrderMailContext) {
    return locale === 'es'
      ? { summary: `${c.companyName}: visita, orden #${c.orderId}`, description: `${c.description}\n\n${c.orderUrl}` }
      : { summary: `${c.companyName}: visit for Work Order #${c.orderId}`, description: `${c.description}\n\n${c.orderUrl}` };
  },
};
