import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { OPENAPI_PATH, REFERENCE_PATH, openApiDocument } from './openapi';
import { REFERENCE_SETTINGS } from './reference-settings';

// `/api/openapi.json` and the rendered reference (Scalar, decision 090). Everything the page
// loads is served from here, so the panel's content security policy holds for it unchanged
// (`script-src 'self'`, no inline script): the page is static HTML, its settings a script file.

const require = createRequire(import.meta.url);

const PAGE = `<!doctype html>
<html lang="fa" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>مرجع رابط برنامه‌نویسی پنل</title>
<link rel="stylesheet" href="${REFERENCE_PATH}/reference.css">
</head>
<body>
<div id="reference"></div>
<script src="${REFERENCE_PATH}/scalar.js"></script>
<script src="${REFERENCE_PATH}/reference.js"></script>
</body>
</html>
`;

// Scalar's copy button of a code block keeps its (English) label hidden until the block is
// hovered, so assistive technology finds a button with no name: each one gets a Persian name as
// it appears (its visible label is hidden in the stylesheet).
const SETTINGS = `Scalar.createApiReference('#reference', ${JSON.stringify(REFERENCE_SETTINGS)});
new MutationObserver(() => {
  for (const button of document.querySelectorAll('button.scalar-code-copy:not([aria-label])')) {
    button.setAttribute('aria-label', 'رونوشت کد');
    button.title = 'رونوشت کد';
  }
}).observe(document.body, { childList: true, subtree: true });
`;

// Right to left for the Persian descriptions: Scalar marks its own root `dir="ltr"`, so the layout is
// turned around here (the sidebar on the right, its border on its left); code, paths and schemas
// stay left to right. Scalar's light theme has grey text and method colours below 4.5:1 on its
// backgrounds; they are darkened to pass (AA) on white and on its greys (#f6f6f6, #e7e7e7).
const STYLE = `html, body { margin: 0; font-family: Vazirmatn, Tahoma, "Segoe UI", sans-serif; }
body { direction: rtl; text-align: right; }
body.light-mode {
  --scalar-color-2: #595959;
  --scalar-color-3: #5f5f5f;
  --scalar-sidebar-color-2: #595959;
  --scalar-color-green: #06704c;
  --scalar-color-blue: #005f99;
  --scalar-color-orange: #a83a00;
  --scalar-color-red: #b80005;
  --scalar-color-yellow: #7a5f00;
  --scalar-color-purple: #5203d1;
}
.scalar-app.references-layout { direction: rtl; }
.t-doc__sidebar { border-right-width: 0; border-left-width: 1px; }
code, pre, kbd, input, textarea, .cm-editor, .endpoint, .endpoint-path, .scalar-code-block,
.scalar-card-content:not(.scalar-card-header):has(.scalar-code-block) { direction: ltr; unicode-bidi: isolate; text-align: left; }
[class*="group/button-label"] { padding-inline-start: 1.25rem; }
.t-doc__sidebar .sidebar-heading-type { margin-left: 0; margin-right: 0.5rem; }
.scalar-code-copy [class*="group/copy-label"] { display: none; }
body .scalar-card-content:has(> .endpoints), body .scalar-app .endpoints { max-height: none; overflow: visible; }
`;

export const referencePlugin: FastifyPluginAsync<{ router: unknown; version?: string }> = async (app, { router, version }) => {
  const document = JSON.stringify(openApiDocument(router, { version }));
  // The package exports no path to its browser bundle; it sits beside its entry point.
  const scalar = await readFile(join(dirname(require.resolve('@scalar/api-reference')), 'browser', 'standalone.js'), 'utf8');
  app.get(OPENAPI_PATH, async (_request, reply) => reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document));
  app.get(REFERENCE_PATH, async (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  app.get(`${REFERENCE_PATH}/scalar.js`, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=86400').send(scalar),
  );
  app.get(`${REFERENCE_PATH}/reference.js`, async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(SETTINGS));
  app.get(`${REFERENCE_PATH}/reference.css`, async (_request, reply) => reply.type('text/css; charset=utf-8').send(STYLE));
};
