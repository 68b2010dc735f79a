/// <reference path="../src/hooks/types/pocketbase-jsvm.d.ts" />
// Boards (src/hooks/boards; docs/boards.md): the owner's record writes to boards and board_items,
// saving many at once, sharing by link, the shared board's public data and files, and the crons.
// Registration only: each handler require()s its area bundle (handlers share no globals), except
// for a superuser's writes, which the checks let through anyway (seeding 10,000 items in batches
// would load the bundle for each). In a block: every .pb.js runs in one VM, where two files' top-level constants would collide.

{
  const { COLLECTIONS, SERVER_ROUTES: routes } = require(`${__hooks}/lib/domain.js`);
  const { addRoute } = require(`${__hooks}/lib/routes.js`);

  onRecordCreateRequest((e) => {
    if (e.hasSuperuserAuth()) return e.next();
    return require(`${__hooks}/lib/boards.js`).handleBoardCreate(e);
  }, COLLECTIONS.boards);
  onRecordUpdateRequest((e) => {
    if (e.hasSuperuserAuth()) return e.next();
    return require(`${__hooks}/lib/boards.js`).handleBoardUpdate(e);
  }, COLLECTIONS.boards);
  onRecordDeleteRequest((e) => require(`${__hooks}/lib/boards.js`).handleBoardDelete(e), COLLECTIONS.boards);
  onRecordCreateRequest((e) => {
    if (e.hasSuperuserAuth()) return e.next();
    return require(`${__hooks}/lib/boards.js`).handleItemCreate(e);
  }, COLLECTIONS.boardItems);
  onRecordUpdateRequest((e) => {
    if (e.hasSuperuserAuth()) return e.next();
    return require(`${__hooks}/lib/boards.js`).handleItemUpdate(e);
  }, COLLECTIONS.boardItems);
  onRecordDeleteRequest(
    (e) => require(`${__hooks}/lib/boards.js`).handleItemDelete(e),
    COLLECTIONS.boardItems,
  );

  addRoute(routes.boardItems, (e) => require(`${__hooks}/lib/boards.js`).handleBoardItems(e));
  addRoute(routes.boardShare, (e) => require(`${__hooks}/lib/boards.js`).handleBoardShare(e));
  addRoute(routes.boardShareOptions, (e) => require(`${__hooks}/lib/boards.js`).handleBoardShareOptions(e));
  addRoute(routes.boardShareStop, (e) => require(`${__hooks}/lib/boards.js`).handleBoardShareStop(e));
  addRoute(routes.sharedBoard, (e) => require(`${__hooks}/lib/boards.js`).handleSharedBoard(e));
  addRoute(routes.sharedBoardFile, (e) => require(`${__hooks}/lib/boards.js`).handleSharedBoardFile(e));
}

// Daily: deleted items' tombstones older than BOARD_TOMBSTONE_DAYS.
cronAdd('adscout_board_tombstones', '23 4 * * *', () => {
  require(`${__hooks}/lib/boards.js`).pruneTombstones();
});

// Every 5 minutes: the wrong-token counts whose minute has ended.
cronAdd('adscout_share_wrong_tokens', '*/5 * * * *', () => {
  require(`${__hooks}/lib/boards.js`).pruneWrongTokenCounts();
});
