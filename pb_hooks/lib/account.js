/**
 * Account changes (ARCHITECTURE §9, §10): the change and its audit-log entry are written in one
 * transaction, so neither can exist without the other. Validation uses the Settings schemas of
 * src/domain (through the bundle).
 */
function domain() {
  return require(`${__hooks}/lib/domain.js`);
}

function audit(txApp, userId, action, metadata) {
  const record = new Record(txApp.findCollectionByNameOrId('audit_logs'));
  record.load({ user: userId, action: action, metadata: metadata });
  txApp.save(record);
}

/** The user-facing message of a failed save (a taken or malformed address), else null. */
function validationMessage(error) {
  const text = String((error && error.value && error.value.message) || (error && error.message) || '');
  if (/unique|already/i.test(text)) return 'This email address is already in use.';
  if (/email/i.test(text) && /invalid|must be a valid/i.test(text)) return 'Invalid email format';
  return null;
}

/** A string field of the JSON body; anything else counts as empty (SPEC §5's "must be non-empty"). */
function textOf(body, name) {
  const value = body && body[name];
  return typeof value === 'string' ? value : '';
}

/**
 * Sign-up through the users collection (onRecordCreateRequest): SPEC §5's registration rules —
 * the collection itself accepts 6-character passwords, which Settings allows.
 */
function checkRegistration(e) {
  const d = domain();
  const body = e.requestInfo().body || {};
  const parsed = d.registerSchema.safeParse({
    email: textOf(body, 'email'),
    password: textOf(body, 'password'),
  });
  if (!parsed.success) throw new BadRequestError(d.firstIssueMessage(parsed.error));
}

function changeEmail(userId, body) {
  const d = domain();
  const parsed = d.newEmailSchema.safeParse({ email: textOf(body, 'email') });
  if (!parsed.success) throw new BadRequestError(d.firstIssueMessage(parsed.error));
  const email = parsed.data.email;
  if (email.length > d.LIMITS.emailMaxLength) throw new BadRequestError(d.MESSAGES.emailTooLong);
  let user = null;
  $app.runInTransaction((txApp) => {
    user = txApp.findRecordById('users', userId);
    const previous = user.email();
    if (previous.toLowerCase() === email.toLowerCase()) {
      throw new BadRequestError('That is already your email address.');
    }
    user.setEmail(email);
    try {
      txApp.save(user);
    } catch (error) {
      const message = validationMessage(error);
      if (message) throw new BadRequestError(message);
      throw error;
    }
    audit(txApp, userId, 'email_updated', { old_email: previous, new_email: email });
  });
  // PocketBase rotates the token key with the email: hand the browser a fresh token.
  user.ignoreEmailVisibility(true); // the owner sees their own address
  return { token: user.newAuthToken(), record: user };
}

function changePassword(userId, body) {
  const d = domain();
  const parsed = d.newPasswordSchema.safeParse({ password: textOf(body, 'password') });
  if (!parsed.success) throw new BadRequestError(d.firstIssueMessage(parsed.error));
  let user = null;
  $app.runInTransaction((txApp) => {
    user = txApp.findRecordById('users', userId);
    user.setPassword(parsed.data.password);
    txApp.save(user);
    audit(txApp, userId, 'password_updated', {});
  });
  // A new password invalidates the old tokens: hand the browser a fresh one.
  user.ignoreEmailVisibility(true); // the owner sees their own address
  return { token: user.newAuthToken(), record: user };
}

module.exports = { changeEmail, changePassword, checkRegistration };
