// The chat's icon, apart from the chat panel: the table's header and My games show it with the
// unread count, and the panel itself loads only when the table page has drawn (lazy).
/** A speech bubble, drawn (an emoji would depend on the device's fonts). */
export function ChatIcon() {
  return (
    <svg class="chat-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
      <path d="M2 2.5h12a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1H7l-3.5 3v-3H2a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1z" fill="currentColor" />
    </svg>
  );
}
