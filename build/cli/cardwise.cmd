@echo off
rem `cardwise ...` in a terminal: the installed app's own binary in command-line mode (no window).
rem Add this folder to PATH (README "Command line").
"%~dp0..\..\Cardwise.exe" --cli %*
exit /b %ERRORLEVEL%
