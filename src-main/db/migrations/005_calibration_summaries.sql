-- Placeholder: version 5 belongs to the calib branch (005_calibration_summaries.sql); on merge its
-- file replaces this one. It exists only so that 006 follows a version 5 on the serve-ui branch.
SELECT 1;
