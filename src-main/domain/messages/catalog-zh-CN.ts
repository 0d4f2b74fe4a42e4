import zhCN from './zh-CN.json';
import inputsZhCN from './inputs.zh-CN.json';
import hubZhCN from './hub.zh-CN.json';
import serveZhCN from './serve.zh-CN.json';
import runsServingZhCN from './runs-serving.zh-CN.json';

/** The domain's Simplified Chinese sentences (the keys of catalog-en.ts). */
export const catalogZhCN = { ...zhCN, ...inputsZhCN, ...hubZhCN, ...serveZhCN, ...runsServingZhCN };
