import { describe, expect, it } from 'vitest';
import { initialFiles, staticImports } from './bundle';

describe('staticImports', () => {
  it('finds static imports and re-exports, minified or not, and skips dynamic ones', () => {
    const code = [
      'import{a as b,c}from"./react-B1.js";import"./side-effect.js";',
      "import * as z from '../zod-C2.js'",
      'export{q}from"./queries-D3.js";',
      'const page=()=>import("./EstimatePage-E4.js");',
      'import x from "react"; // a bare specifier is not a file of the build',
    ].join('\n');
    expect(staticImports(code)).toEqual(['./react-B1.js', './side-effect.js', '../zod-C2.js', './queries-D3.js']);
  });
});

describe('initialFiles', () => {
  it('follows static imports transitively, once each, and never into a dynamic import', () => {
    const files: Record<string, string> = {
      'assets/index.js': 'import{r}from"./react.js";import"./app.js";const p=()=>import("./page.js");',
      'assets/app.js': 'import{r}from"./react.js";',
      'assets/react.js': '',
      'assets/page.js': 'import"./heavy.js";',
    };
    expect(initialFiles('out', 'assets/index.js', (f) => files[f]!).sort()).toEqual([
      'assets/app.js',
      'assets/index.js',
      'assets/react.js',
    ]);
  });
});
