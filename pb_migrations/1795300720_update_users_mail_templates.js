/// <reference path="../pb_data/types.d.ts" />
// The mails PocketBase sends for users carry AdScout's name and open the app's own pages
// (absolute links: {APP_URL} is PocketBase's application URL, which start-up sets from APP_URL).
const SIGNATURE = '<p>Thanks,<br/>The AdScout team</p>';

function button(href, label) {
  return `<p><a class="btn" href="${href}" target="_blank" rel="noopener">${label}</a></p>`;
}

const TEMPLATES = {
  resetPasswordTemplate: {
    subject: 'Reset your AdScout password',
    body:
      '<p>Hello,</p>\n<p>Someone asked to reset the password of your AdScout account. Open the link below to choose a new one; it works for 30 minutes.</p>\n' +
      button('{APP_URL}/reset-password?token={TOKEN}', 'Reset password') +
      "\n<p>{APP_URL}/reset-password?token={TOKEN}</p>\n<p><i>If you didn't ask to reset your password, ignore this email: your password stays as it is.</i></p>\n" +
      SIGNATURE,
  },
  confirmEmailChangeTemplate: {
    subject: 'Confirm your new AdScout email address',
    body:
      '<p>Hello,</p>\n<p>Open the link below to make this address the email of your AdScout account. You will be asked for your password.</p>\n' +
      button('{APP_URL}/confirm-email-change?token={TOKEN}', 'Confirm new email') +
      "\n<p>{APP_URL}/confirm-email-change?token={TOKEN}</p>\n<p><i>If you didn't ask to change your email address, ignore this email.</i></p>\n" +
      SIGNATURE,
  },
};

migrate(
  (app) => {
    const users = app.findCollectionByNameOrId('users');
    users.resetPasswordTemplate = TEMPLATES.resetPasswordTemplate;
    users.confirmEmailChangeTemplate = TEMPLATES.confirmEmailChangeTemplate;
    users.authAlert.emailTemplate = {
      subject: 'New sign-in to your AdScout account',
      body:
        '<p>Hello,</p>\n<p>Your AdScout account was just signed in to from a new location:</p>\n<p><em>{ALERT_INFO}</em></p>\n' +
        "<p><strong>If this wasn't you, change your password in Settings at once</strong> ({APP_URL}/app/settings), or reset it from the login page.</p>\n" +
        SIGNATURE,
    };
    app.save(users);
  },
  (app) => {
    // PocketBase's defaults come back when a template is emptied
    const users = app.findCollectionByNameOrId('users');
    const fresh = new Collection({ type: 'auth', name: 'adscout_template_defaults' });
    users.resetPasswordTemplate = fresh.resetPasswordTemplate;
    users.confirmEmailChangeTemplate = fresh.confirmEmailChangeTemplate;
    users.authAlert.emailTemplate = fresh.authAlert.emailTemplate;
    app.save(users);
  },
);
