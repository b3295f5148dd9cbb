// The daily reminder in the service worker (issue 33, decision 061): Workbox's worker imports this file
// (vite.config.ts, importScripts). A push message is the server's ReminderPush (packages/contract/src/reminders.ts).

/** Shows the day's reminder: its date, the first line of its reading, and a button that stops the reminders. */
self.addEventListener('push', (event) => {
  const message = event.data?.json();
  if (!message) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icons/icon-192.png',
      // A new day's reminder replaces yesterday's, should it still be there.
      tag: 'daily-reminder',
      data: message,
      actions: [{ action: 'stop', title: message.stop.label }],
    }),
  );
});

/** A tap opens the day's text (in the portal's open window, if there is one); Stop turns the reminders off. */
self.addEventListener('notificationclick', (event) => {
  const { url, stop } = event.notification.data;
  event.notification.close();
  if (event.action === 'stop') {
    event.waitUntil(fetch(`/api/reminders/stop?token=${encodeURIComponent(stop.token)}`, { method: 'POST' }));
    return;
  }
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((windows) => {
      const open = windows[0];
      return open ? open.navigate(url).then((window) => window?.focus()) : self.clients.openWindow(url);
    }),
  );
});
