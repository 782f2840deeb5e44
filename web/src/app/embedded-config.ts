/**
 * The site config (business profile, card payments) a page's HTML was rendered with travels in
 * the page as `<script type="application/json" id="site-config">`, so hydration starts from the
 * same profile the HTML shows. The server writes it; JSON in a script of that type never runs.
 */
import { parseSiteConfig, type SiteConfig } from '../components/profile-provider';

const SITE_CONFIG_ELEMENT_ID = 'site-config';

export function readEmbeddedConfig(doc: Document): SiteConfig | undefined {
  const text = doc.getElementById(SITE_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return parseSiteConfig(JSON.parse(text)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The script element for a config, safe to place in HTML (no `<` survives unescaped). */
export function embeddedConfigScript(config: SiteConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${json}</script>`;
}
