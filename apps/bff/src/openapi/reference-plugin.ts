import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { OPENAPI_PATH, REFERENCE_PATH, openApiDocument } from './openapi';

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
<main id="reference" aria-label="مرجع رابط برنامه‌نویسی پنل"></main>
<script src="${REFERENCE_PATH}/scalar.js"></script>
<script src="${REFERENCE_PATH}/reference.js"></script>
</body>
</html>
`;

const SETTINGS = `Scalar.createApiReference('#reference', {
  url: ${JSON.stringify(OPENAPI_PATH)},
  withDefaultFonts: false,
  hideClientButton: true,
  hideDownloadButton: false,
  telemetry: false,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  mcp: { disabled: true },
  defaultOpenAllTags: false,
  layout: 'modern',
});
`;

// Right to left for the Persian descriptions: Scalar marks its own root `dir="ltr"`, so the layout is
// turned around here (the sidebar on the right, its border on its left); code, paths and schemas
// stay left to right.
const STYLE = `html, body { margin: 0; font-family: Vazirmatn, Tahoma, "Segoe UI", sans-serif; }
body { direction: rtl; text-align: right; }
.scalar-app.references-layout { direction: rtl; }
.t-doc__sidebar { border-right-width: 0; border-left-width: 1px; }
code, pre, kbd, input, textarea, .cm-editor, .endpoint, .endpoint-path { direction: ltr; unicode-bidi: isolate; text-align: left; }
[class*="group/button-label"] { padding-inline-start: 1.25rem; }
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
