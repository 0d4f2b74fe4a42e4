import { describe, expect, it } from 'vitest';
import { cliSteps } from './cli-help';

describe('cliSteps', () => {
  it('uses the .deb’s /usr/bin/cardwise as it is', () => {
    expect(
      cliSteps({ packaged: true, platform: 'linux', resourcesPath: '/opt/Cardwise/resources', onPath: true }),
    ).toEqual([{ say: 'cli.onPath', command: 'cardwise estimate --model llama-2-13b --method qlora' }]);
  });

  it('links the launcher inside the app bundle on macOS', () => {
    const steps = cliSteps({
      packaged: true,
      platform: 'darwin',
      resourcesPath: '/Applications/Cardwise.app/Contents/Resources',
      onPath: false,
    });
    expect(steps[0]).toEqual({
      say: 'cli.link',
      command: 'sudo ln -sf /Applications/Cardwise.app/Contents/Resources/bin/cardwise /usr/local/bin/cardwise',
    });
  });

  it('names the folder to add to PATH on Windows', () => {
    const steps = cliSteps({
      packaged: true,
      platform: 'win32',
      resourcesPath: 'C:\\Users\\li\\AppData\\Local\\Programs\\Cardwise\\resources',
      onPath: false,
    });
    expect(steps[0]!.command).toBe('C:\\Users\\li\\AppData\\Local\\Programs\\Cardwise\\resources\\bin');
  });

  it('runs an AppImage with --cli, quoting its path', () => {
    const steps = cliSteps({
      packaged: true,
      platform: 'linux',
      resourcesPath: '/tmp/.mount_x/resources',
      appImage: '/home/li/My Apps/Cardwise.AppImage',
      onPath: false,
    });
    expect(steps).toEqual([
      {
        say: 'cli.appImage',
        command: "'/home/li/My Apps/Cardwise.AppImage' --cli estimate --model llama-2-13b --method qlora",
      },
    ]);
  });

  it('points a checkout at npx', () => {
    expect(cliSteps({ packaged: false, platform: 'linux', resourcesPath: '/x', onPath: false })[0]!.command).toMatch(
      /^npx cardwise /,
    );
  });
});
