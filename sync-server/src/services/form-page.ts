/**
 * The pages a form posted without script is answered with (docs/no-script-forms.md), drawn from
 * the pre-rendered page the form came from, so they look like the site:
 *
 * - the form page as served, with a fresh idempotency key in its hidden `formKey` field (the
 *   build leaves the field empty, and the service worker's copy stays so: a key is never shared);
 * - the form again, with what the person typed (never a password), each field's message beside
 *   it as the script's form shows it (`aria-invalid`, `aria-describedby`), and a summary at the
 *   top linking to each field;
 * - a result page: the page's frame with its main content replaced by what happened.
 *
 * The answered pages carry none of the page's scripts: the script hydrates the page the build
 * rendered, and these differ from it. Their full stylesheet is switched on in the markup (the
 * script does that on a served page).
 */
import { load, type CheerioAPI } from 'cheerio';
import { escapeHtml } from './html';

/** The hidden field of a pre-rendered form that the server fills (web PublicFormFrame). */
export const FORM_KEY_FIELD = 'formKey';
const EMPTY_KEY_FIELD = new RegExp(`<input type="hidden" name="${FORM_KEY_FIELD}"/?>`);

/** Whether a pre-rendered page has a form whose key the server fills. */
export function hasFormKey(html: string): boolean {
  return EMPTY_KEY_FIELD.test(html);
}

/** The page with `key` in its form's key field. */
export function withFormKey(html: string, key: string): string {
  return html.replace(
    EMPTY_KEY_FIELD,
    `<input type="hidden" name="${FORM_KEY_FIELD}" value="${escapeHtml(key)}"/>`,
  );
}

/** The page without its scripts, its deferred stylesheets on. */
function scriptless(html: string): CheerioAPI {
  const $ = load(html);
  $('script[type="module"], link[rel="modulepreload"], script#site-config').remove();
  $('link[data-deferred-css]').each((_, link) => {
    const element = $(link);
    element.attr('href', element.attr('data-deferred-css') ?? '');
    element.removeAttr('data-deferred-css');
    element.attr('media', 'all');
  });
  return $;
}

function retitle($: CheerioAPI, prefix: string): void {
  const title = $('title').first();
  title.text(`${prefix} | ${title.text()}`);
}

export interface FormAgain {
  /** The form's accessible name on its page (its `aria-label`). */
  label: string;
  values: Record<string, string>;
  /** The server's messages by field name. */
  fields: Record<string, string>;
  /** The answer's own message, said at the top when no field carries it. */
  message: string;
  /** The key the form goes with again: nothing was stored under it. */
  key: string | null;
  /** Fields never written back into a page. */
  secret?: readonly string[];
}

/** The form page again with the person's values and the server's messages. */
export function renderFormAgain(pageHtml: string, state: FormAgain): string {
  const $ = scriptless(pageHtml);
  retitle($, 'There is a problem');
  const form = $(`form[aria-label="${state.label}"]`).first();
  const secret = new Set(state.secret ?? []);

  form.find('[name]').each((_, node) => {
    const element = $(node);
    const name = element.attr('name') ?? '';
    if (name === FORM_KEY_FIELD) {
      if (state.key) element.attr('value', state.key);
      return;
    }
    const value = secret.has(name) ? '' : (state.values[name] ?? '');
    const tag = node.tagName.toLowerCase();
    const type = (element.attr('type') ?? '').toLowerCase();
    if (tag === 'textarea') element.text(value);
    else if (tag === 'select') {
      element.find('option').each((_, option) => {
        const chosen = ($(option).attr('value') ?? $(option).text()) === value;
        if (chosen) $(option).attr('selected', '');
        else $(option).removeAttr('selected');
      });
    } else if (type === 'radio' || type === 'checkbox') {
      const on =
        type === 'radio' ? element.attr('value') === value : value !== '' && value !== 'false';
      if (on) element.attr('checked', '');
      else element.removeAttr('checked');
    } else if (tag === 'input' && type !== 'hidden' && type !== 'submit') {
      element.attr('value', value);
    }
  });

  const links: string[] = [];
  for (const [name, message] of Object.entries(state.fields)) {
    const field = form.find(`[name="${name}"]`).not('[type="hidden"]').first();
    if (field.length === 0) continue;
    const id = field.attr('id') ?? `field-${name}`;
    field.attr('id', id);
    const errorId = `${id}-error`;
    const described = (field.attr('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    field.attr('aria-describedby', [...described, errorId].join(' '));
    field.attr('aria-invalid', 'true');
    field.attr('data-error', 'true');
    const paragraph =
      `<p class="m_8f816625 mantine-InputWrapper-error" data-size="sm" id="${escapeHtml(errorId)}" ` +
      `style="--input-error-size:calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))">` +
      `${escapeHtml(message)}</p>`;
    // Mantine's order: label, description, input, message.
    const wrapper = field.closest('.mantine-Input-wrapper');
    const group = field.closest('[role="radiogroup"], fieldset');
    if (wrapper.length > 0) wrapper.after(paragraph);
    else if (group.length > 0) group.append(paragraph);
    else field.after(paragraph);
    links.push(`<li><a href="#${escapeHtml(id)}">${escapeHtml(message)}</a></li>`);
  }

  const shown = new Set(Object.values(state.fields));
  const summary =
    `<div role="alert" aria-labelledby="form-problem-title" data-testid="form-problem" style="border:2px solid var(--mantine-color-red-8);border-radius:var(--mantine-radius-md);padding:var(--mantine-spacing-md);background:var(--mantine-color-red-0)">` +
    `<h2 id="form-problem-title" style="margin:0 0 6px;font-size:var(--mantine-h4-font-size);color:var(--mantine-color-red-9)">There is a problem</h2>` +
    (links.length === 0 || !shown.has(state.message)
      ? `<p style="margin:0 0 6px">${escapeHtml(state.message)}</p>`
      : '') +
    (links.length > 0 ? `<ul style="margin:0;padding-left:1.2em">${links.join('')}</ul>` : '') +
    `</div>`;
  form.prepend(summary);
  return $.html();
}

export interface FilledForm {
  /** The form's accessible name on its page. */
  label: string;
  /** Each select's options by its name, in place of the build's: value and words. */
  options: Record<string, readonly (readonly [string, string])[]>;
  /** The option chosen in each select, if any. */
  chosen: Record<string, string>;
  /** Hidden fields added to the form: what the person proved on the step before. */
  hidden: Record<string, string>;
}

/**
 * A form page drawn for one person without script (the feedback page's review form, after their
 * lookup): the build's page, without its scripts, its selects listing their options.
 */
export function renderFilledForm(pageHtml: string, filled: FilledForm): string {
  const $ = scriptless(pageHtml);
  const form = $(`form[aria-label="${filled.label}"]`).first();
  for (const [name, options] of Object.entries(filled.options)) {
    const select = form.find(`select[name="${name}"]`).first();
    // The placeholder (no value) stays; the build's sample options go.
    select.find('option').each((_, option) => {
      if (($(option).attr('value') ?? '') !== '') $(option).remove();
    });
    const chosen = filled.chosen[name] ?? '';
    if (chosen) select.find('option').removeAttr('selected');
    for (const [value, text] of options) {
      select.append(
        `<option value="${escapeHtml(value)}"${value === chosen ? ' selected' : ''}>${escapeHtml(text)}</option>`,
      );
    }
  }
  for (const [name, value] of Object.entries(filled.hidden)) {
    form.append(`<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}"/>`);
  }
  return $.html();
}

export interface ResultPage {
  /** The page's title and heading. */
  heading: string;
  /** The content under the heading: trusted markup, each value in it escaped by its maker. */
  body: string;
  /** Whether it is good news (a green mark) or not. */
  tone?: 'done' | 'problem';
}

/** The page's frame with its main content replaced by `result`. */
export function renderResult(pageHtml: string, result: ResultPage): string {
  const $ = scriptless(pageHtml);
  const title = $('title').first();
  const site = title.text().split(' | ').pop() ?? '';
  title.text(site ? `${result.heading} | ${site}` : result.heading);
  const colour =
    result.tone === 'problem' ? 'var(--mantine-color-red-8)' : 'var(--mantine-color-green-8)';
  const content =
    `<div data-testid="form-result" style="max-width:40rem;margin:0 auto;padding:var(--mantine-spacing-xl) var(--mantine-spacing-md);display:flex;flex-direction:column;gap:var(--mantine-spacing-md)">` +
    `<h1 style="margin:0;font-size:var(--mantine-h2-font-size);border-left:6px solid ${colour};padding-left:12px">${escapeHtml(result.heading)}</h1>` +
    result.body +
    `</div>`;
  const main = $('main').first();
  if (main.length > 0) main.html(content);
  else $('body').html(`<main id="main">${content}</main>`);
  return $.html();
}

/** A boxed status panel, as the script's confirmation shows one. */
export function statusPanel(inner: string): string {
  return `<div role="status" style="border:1px solid var(--mantine-color-gray-4);border-radius:var(--mantine-radius-md);padding:var(--mantine-spacing-md);background:var(--mantine-color-gray-0)">${inner}</div>`;
}

/** A list of label/value rows. */
export function detailList(rows: readonly (readonly [string, string])[]): string {
  const items = rows
    .map(
      ([label, value]) =>
        `<div style="display:flex;flex-wrap:wrap;gap:4px 12px"><dt style="font-weight:700;min-width:9rem">${escapeHtml(label)}</dt><dd style="margin:0">${escapeHtml(value)}</dd></div>`,
    )
    .join('');
  return `<dl style="margin:0;display:flex;flex-direction:column;gap:6px">${items}</dl>`;
}

/** A link styled as the site's main button. */
export function buttonLink(href: string, text: string, testId?: string): string {
  return `<a href="${escapeHtml(href)}"${testId ? ` data-testid="${testId}"` : ''} style="display:inline-flex;align-items:center;justify-content:center;min-height:48px;padding:0 20px;border-radius:var(--mantine-radius-default);background:var(--mantine-primary-color-filled);color:var(--mantine-color-white);font-weight:700;text-decoration:none;align-self:flex-start">${escapeHtml(text)}</a>`;
}

export function paragraph(text: string): string {
  return `<p style="margin:0">${escapeHtml(text)}</p>`;
}
