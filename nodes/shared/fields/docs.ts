/**
 * Where n8n's Docs button leads: the node's section of the README on the package's homepage
 * (package.json `homepage`; a test holds the two together and checks every section exists). Set
 * as the description's documentationUrl, which every n8n version opens as it is; the codex's
 * primaryDocumentation gets the same URL, but some editors append "?utm_…" to it, which lands after
 * the "#section" and so only opens the README's top. Our choice: the repository's README rather
 * than the registry's package page, which does not keep section anchors in every viewer.
 */
const HOMEPAGE = 'https://github.com/unified-generation/n8n-nodes-unified-generation';

/** The README section of a node, by its heading's anchor ("create-video"). */
export const readmeSection = (anchor: string) => `${HOMEPAGE}#${anchor}`;
