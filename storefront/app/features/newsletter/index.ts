// What other features and the app shell may use of newsletter; the rest of the folder is its own.
export { NewsletterForm } from './NewsletterForm';
