/**
 * The WebUSB printer library, loaded only when a paired USB device exists. It is its own module
 * because the package exports a browser build only: Vite bundles it for the app, while tests (which
 * resolve with Node's conditions) never load this file unless they mock it.
 */
export { default } from '@point-of-sale/webusb-receipt-printer';
