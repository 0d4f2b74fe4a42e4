import en from './en.json';
import inputsEn from './inputs.en.json';
import hubEn from './hub.en.json';
import serveEn from './serve.en.json';
import runsServingEn from './runs-serving.en.json';

/** The domain's English sentences, one module per language so the renderer loads only the one it shows. */
export const catalogEn = { ...en, ...inputsEn, ...hubEn, ...serveEn, ...runsServingEn };
