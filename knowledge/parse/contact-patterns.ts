/** What every contact layout prints the same way. */

/** A phone number: "201-840-4710", "(760) 487-1137", "1.650.607.0349", "+1 224-551-4074". */
export const PHONE = /^(?:\+?1[.\s-])?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]\d{4}$/;
export const EMAIL = /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/;
