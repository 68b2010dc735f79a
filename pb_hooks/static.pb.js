/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// The built PWA is served from --publicDir. Go's MIME table has no entry for .webmanifest, so the
// web app manifest would go out as text/plain; installability checks want its own type.

routerUse((e) => {
  const method = e.request.method;
  if ((method === 'GET' || method === 'HEAD') && e.request.url.path.endsWith('.webmanifest')) {
    e.response.header().set('Content-Type', 'application/manifest+json');
  }
  return e.next();
});
