#include "creditflow/cli/tool.hpp"

#include <iostream>
#include <systemc>

#include "commands.hpp"

namespace creditflow::cli {

int run_tool(int argc, char* argv[], const platform::Registry& registry) {
  CLI::App app{"creditflow: cycle-exact credit flow-control platforms from YAML"};
  app.name("creditflow");
  app.require_subcommand(1, 1);
  int status = 0;
  add_run_command(app, registry, status);
  add_sweep_command(app, registry, status);
  add_size_command(app, status);
  add_list_command(app, registry, status);
  add_merge_command(app, status);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "creditflow: " << e.what() << " (see creditflow --help)\n";
    return 2;
  } catch (const sc_core::sc_report& e) {
    std::cerr << "creditflow: " << e.get_msg() << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "creditflow: " << e.what() << "\n";
    return 1;
  }
  return status;
}

}  // namespace creditflow::cli
