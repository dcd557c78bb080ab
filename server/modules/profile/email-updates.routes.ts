import { Hono, type Context } from 'hono';
import { sql } from 'kysely';
import { emailUpdatesOptOut, emailUpdatesOptOutPage, emailUpdatesOptOutQuerySchema } from '../../../contracts/customer/profile';
import { toLocale, type Locale } from '../../../contracts/locale';
import type { AppDeps } from '../../deps';
import { customerOfToken, setEmailUpdatesById } from './email-updates';

/**
 * The one-click opt-out of update e-mails, for whoever holds the link (no sign-in, no same-origin
 * check: a mail app's one-click POST comes from nowhere). GET only asks, so a link scanner that
 * opens every link turns nothing off; POST (the page's button, or RFC 8058's
 * List-Unsubscribe-Post) turns update e-mails off. Small HTML pages in the account's language.
 */
const words = {
  en: {
    title: 'Update e-mails',
    ask: 'Stop e-mails about your quotes and work orders?',
    button: 'Turn off update e-mails',
    done: 'Update e-mails are off. You can turn them on again on your Profile (E-mail me about updates).',
    invalid: 'This link is not valid. Open your Profile to change your e-mail settings.',
  },
  es: {
    title: 'Avisos por correo',
    ask: '¿Dejar de recibir correos sobre sus cotizaciones y órdenes?',
    button: 'Desactivar los avisos por correo',
    done: 'Los avisos por correo están desactivados. Puede activarlos de nuevo en su Perfil (Envíame avisos por correo).',
    invalid: 'Este enlace no es válido. Abra su Perfil para cambiar sus preferencias de correo.',
  },
} satisfies Record<Locale, Record<string, string>>;

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(c: Context, status: 200 | 400, locale: Locale, company: string, body: string) {
  const t = words[locale];
  return c.html(
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<meta name="robots" content="noindex"><title>${escape(t.title)} · ${escape(company)}</title></head>` +
      `<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">` +
      `<h1 style="font-size: 1.4rem">${escape(company)}</h1>${body}</body></html>`,
    status,
  );
}

export function emailUpdatesPublicRoutes({ db, config, secret }: Pick<AppDeps, 'db' | 'config' | 'secret'>) {
  const company = config.company.name;
  /** The customers row a genuine link names and its account's language, or undefined. */
  const holderOf = async (c: Context) => {
    const parsed = emailUpdatesOptOutQuerySchema.safeParse({ token: c.req.query('token') });
    const customerId = parsed.success ? await customerOfToken(secret, parsed.data.token) : undefined;
    if (customerId === undefined) return undefined;
    const row = await db
      .selectFrom('customers as c')
      .leftJoin('user as u', (join) => join.on(sql`lower(u.email)`, '=', sql`lower(c.email)`))
      .select(['c.id', 'u.locale'])
      .where('c.id', '=', customerId)
      .executeTakeFirst();
    return row && { customerId, token: parsed.data!.token, locale: toLocale(row.locale) };
  };
  const invalid = (c: Context) =>
    page(c, 400, 'en', company, `<p>${escape(words.en.invalid)}</p><p lang="es">${escape(words.es.invalid)}</p>`);

  return new Hono()
    .on(emailUpdatesOptOutPage.method, emailUpdatesOptOutPage.path, async (c) => {
      const holder = await holderOf(c);
      if (!holder) return invalid(c);
      const t = words[holder.locale];
      const action = `${emailUpdatesOptOut.path}?token=${encodeURIComponent(holder.token)}`;
      return page(
        c,
        200,
        holder.locale,
        company,
        `<p>${escape(t.ask)}</p><form method="post" action="${escape(action)}"><button type="submit">${escape(t.button)}</button></form>`,
      );
    })
    .on(emailUpdatesOptOut.method, emailUpdatesOptOut.path, async (c) => {
      const holder = await holderOf(c);
      if (!holder) return invalid(c);
      await setEmailUpdatesById(db, holder.customerId, false);
      return page(c, 200, holder.locale, company, `<p>${escape(words[holder.locale].done)}</p>`);
    });
}
