/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// The text reader's worker routes (docs/ai.md#the-text-on-a-creative, docs/routes.md#the-text-routes;
// the contract is src/domain/tags/text-contract.ts). Workers' accounts only, as the archive's routes
// (pb_hooks/scout-media.pb.js). Registration only: each handler require()s its area bundle; the
// routes and their caller are the table's (src/domain/api/routes.ts). In a block: every .pb.js
// runs in one VM, where two files' top-level constants would collide.

{
  const { SERVER_ROUTES: routes } = require(`${__hooks}/lib/domain.js`);
  const { addRoute } = require(`${__hooks}/lib/routes.js`);

  addRoute(routes.textClaim, (e) => require(`${__hooks}/lib/ocr.js`).handleTextClaim(e));
  addRoute(routes.textRead, (e) => require(`${__hooks}/lib/ocr.js`).handleTextRead(e));
  addRoute(routes.textFail, (e) => require(`${__hooks}/lib/ocr.js`).handleTextFail(e));
  addRoute(routes.textRelease, (e) => require(`${__hooks}/lib/ocr.js`).handleTextRelease(e));
  // the transcripts' (docs/ai.md#transcripts; src/domain/tags/transcript-contract.ts)
  addRoute(routes.transcriptClaim, (e) => require(`${__hooks}/lib/ocr.js`).handleTranscriptClaim(e));
  addRoute(routes.transcriptStore, (e) => require(`${__hooks}/lib/ocr.js`).handleTranscriptStore(e));
  addRoute(routes.transcriptFail, (e) => require(`${__hooks}/lib/ocr.js`).handleTranscriptFail(e));
  addRoute(routes.transcriptRelease, (e) => require(`${__hooks}/lib/ocr.js`).handleTranscriptRelease(e));
}
