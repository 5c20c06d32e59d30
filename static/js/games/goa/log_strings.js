// Goa log line and refusal translations (keys goa.*, goa.err.*): en + ru.
export default { en: {}, ru: {} };
